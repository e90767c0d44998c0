// Server tests hash passwords with argon2 and create databases; give them room beyond 5 s.
jest.setTimeout(30_000);
