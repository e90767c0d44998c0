import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Never let a password, cookie or token reach the request log. */
export const logRedaction = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'];

/**
 * The request log as JSON lines to stdout (or `dest`), one line per answered request, written by a
 * worker thread (pino's transport): a request never waits for the terminal or the disk, and the
 * app's thread only copies each line into the buffer it shares with the worker. Written from the
 * app's thread through libuv's thread pool instead, it cost a bare route about a sixth of its rate
 * (README, Performance). buildApp flushes it when the app closes.
 */
export function requestLogging(level: string, dest: number | string = 1): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: logRedaction, censor: '[hidden]' },
    stream: pino.transport({ target: 'pino/file', options: { destination: dest } }),
  };
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes a pino child (bound to the request's id) only when something is
 * logged through it. Most requests log nothing of their own (OneLinePerRequest writes the line of
 * an answered request), and a child renders its bindings to JSON when it is made.
 */
class RequestLogger implements FastifyBaseLogger {
  private bound?: FastifyBaseLogger;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.bound?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  private logger(): FastifyBaseLogger {
    this.bound ??= this.parent.child(this.bindings, this.options);
    return this.bound;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  private write(method: LogMethod, args: unknown[]): void {
    const logger = this.logger();
    Reflect.apply(logger[method], logger, args);
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new RequestLogger(logger, bindings, options);

/**
 * One log line per request, once it is answered, with the request in it: half of Fastify's two
 * lines. The line of an answered request holds the request's method, url, host and address and the
 * answer's status, never a header or a body, so it goes out through a child of the app's log
 * without the redaction: redacting copies what a line logs, and this line is written for every
 * request. An errored request's line carries the error and is redacted like every other line. A
 * route's own log level (the health probes' warn) is kept: below it nothing is written.
 */
export class OneLinePerRequest extends LogController {
  private completedLog?: pino.Logger;

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    this.completedLog ??= (request.server.log as pino.Logger).child({}, { redact: [] });
    const { values } = this.completedLog.levels;
    if (values.info < values[request.log.level]) return;
    // Fastify's serializers pick the request's method, url, host and address and the answer's status.
    this.completedLog.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
