// The phone steps of teaching-open's 找回密码 and registration (anonymous): an SMS code (POST /sys/sms), the
// phone verified (phoneVerification answers a ticket the anchor's client passes on as `smscode`), the account
// of a verified phone (querySysUser) and the new password (passwordChange: GET in the anchor, POST from ours).
import { GET, POST, POST_OR_GET } from './endpoint.js';

/** smsmode: 0 login (not offered), 1 register, 2 forgot password. */
export interface SmsBody {
  mobile: string;
  smsmode: string | number;
}

export interface PasswordChangeFields {
  phone: string;
  /** The ticket phoneVerification answered (or, as the anchor allowed, the SMS code itself). */
  smscode: string;
  password: string;
  confirmpassword?: string;
  /** When given, must be the phone's account. */
  username?: string;
}

export const phoneApi = {
  sms: POST<null, SmsBody>('/sys/sms'),
  /** `{username, phone}` of a phone verified with `smscode` (the ticket); otherwise what was asked, echoed. */
  querySysUser: GET<{ username: string | null; phone: string | null }, { username?: string; phone?: string; smscode?: string }>('/sys/user/querySysUser'),
  /** The ticket for passwordChange (10 minutes, once). */
  phoneVerification: POST<string, { phone: string; smscode: string }>('/sys/user/phoneVerification'),
  passwordChange: POST_OR_GET<{ username: string } | { errors?: Record<string, string> }, PasswordChangeFields, PasswordChangeFields>('/sys/user/passwordChange'),
};
