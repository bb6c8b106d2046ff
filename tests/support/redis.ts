/** The Redis to test the shared rate limits against, when one is configured (e.g. redis://127.0.0.1:6379). */
export const testRedisUrl: string | undefined = process.env.REDIS_URL;
