// The app's SMS sender (SMS_URL, domain/sms.ts), shared by the phone steps (sms.ts) and registration (account.ts).
import type { AppDeps } from '../../context.js';
import { smsSender, type SmsSender } from '../../domain/sms.js';

export const SMS_CODE_WRONG = '手机验证码错误或已失效，请重新获取';

const senders = new WeakMap<AppDeps, SmsSender>();

/** The sender given to the app (tests), or the one SMS_URL configures; null without SMS. */
export function smsSenderOf(deps: AppDeps): SmsSender | null {
  if (deps.smsSender) return deps.smsSender;
  if (!deps.config.sms) return null;
  let s = senders.get(deps);
  if (!s) {
    const quiet = deps.config.logLevel !== 'info';
    senders.set(deps, (s = smsSender(deps.config.sms, (line) => (quiet ? undefined : console.log(line)))));
  }
  return s;
}
