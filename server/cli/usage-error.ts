// moved to server/usage-error.ts; this name stays only for server/backup/ (in progress) until it imports that
export { isUsageError, UsageError } from '../usage-error.ts';
