// Lets a reader turn a SettingError into its own error type (keeping its code) in one line.
import { SettingError } from './parse.js';

/** Runs `read`; a SettingError becomes `wrap(message, error)`, anything else passes through. */
export function asReaderError<T>(read: () => T, wrap: (message: string, error: SettingError) => Error): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof SettingError) throw wrap(error.message, error);
    throw error;
  }
}
