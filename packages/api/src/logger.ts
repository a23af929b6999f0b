// The server's structured logger (JSON lines on stdout). LOG_LEVEL sets the
// level (default info; `silent` turns it off).
import { pino } from 'pino'

export const logger = pino({ name: 'threadline', level: process.env.LOG_LEVEL ?? 'info' })
