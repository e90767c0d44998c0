// Lints source texts as if they were the given files, with the project's eslint.config.mjs.
// Run as a child process: ESLint loads its ES module config by import(), which jest's sandbox cannot.
// Without the type-aware rules: the layout rules read paths only, and no TypeScript program is built.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const probes = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });
const results = [];
for (const { filePath, code } of probes) {
  const [result] = await eslint.lintText(code, { filePath });
  results.push(result.messages.map(({ ruleId, message, line }) => ({ ruleId, message, line })));
}
process.stdout.write(JSON.stringify(results));
