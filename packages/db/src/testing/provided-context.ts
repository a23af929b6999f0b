// What the global setup hands to every test file through Vitest's provide/inject.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A database on the test PostgreSQL server whose role may CREATE DATABASE. */
    testPostgresUrl: string
  }
}

export const testPostgresUrlKey = 'testPostgresUrl'
