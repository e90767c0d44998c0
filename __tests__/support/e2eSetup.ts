// Browser tests start a server and Chromium; they need more than jest's default 5 s.
jest.setTimeout(120_000);
