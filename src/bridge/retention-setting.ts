// The retention limits of run state as the bridge takes them: from the environment, once per call
// (as the depth limit is), a bad value being the call's `invalid_environment` error.
import { retentionSettings, type RetentionSettings } from '../state/retention-settings.js';
import { BridgeError } from './errors.js';
import { hostEnv } from '../settings/env.js';

/** The configured retention limits, or an `invalid_environment` error that says what to set. */
export function retentionOf(env: NodeJS.ProcessEnv = hostEnv()): RetentionSettings {
  const parsed = retentionSettings(env);
  if ('problem' in parsed) throw new BridgeError('invalid_environment', parsed.problem);
  return parsed.settings;
}
