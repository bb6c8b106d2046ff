import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    // never log credentials, even by accident
    redact: { paths: ["password", "*.password", "token", "*.token", "req.headers.cookie", "req.headers.authorization"], remove: true },
  });
}
