// One line of `peer-bridge doctor`: what was checked, how it went, and what to do about it. Its own file
// so that the checks in doctor-*.ts and doctor.ts, which imports them, share it without a cycle.
export interface Check {
  name: string;
  level: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}
