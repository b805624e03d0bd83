import * as v from 'valibot'
import {
  AccountUpdateBody,
  ResetAccountBody,
  ResetFinishBody,
  SmsSendBody,
  SmsVerifyBody,
  UserProfileQuery,
} from '../account.ts'
import { AvatarFavBody, ChooseAvatarBody } from '../avatar.ts'
import { GuardianConsentBody } from '../guardian.ts'
import { JewelHistQuery } from '../jewel.ts'
import { MissionQuery, MissionReceiveBody } from '../mission.ts'
import { InvoiceBody } from '../invoice.ts'
import { PostTweetBody, SocialSignUpBody, SocialTokenBody } from '../social.ts'
import { TermsAgreementBody } from '../terms.ts'
import { ForgetMailBody, LoginBody, RegisterBody, SignUpBody } from '../user.ts'
import { get, post, tagged, type Operation } from './operation.ts'

/** The social login providers (`/social/{provider}/…`). */
const SocialProvider = v.object({ provider: v.picklist(['twitter', 'facebook']) })

/** The session, sign-up and login, the account and its settings, avatars, missions. */
export const userOperations: Operation[] = [
  ...tagged('Account', [
    get('/api/captcha', { summary: 'A new captcha for the session', answer: 'CaptchaAnswer' }),
    get('/api/account', {
      summary: 'The account, as /mypage shows and edits it',
      answer: 'AccountAnswer',
      login: true,
    }),
    post('/api/account/update', {
      summary: 'Change the nickname and birthday',
      body: AccountUpdateBody,
      answer: 'Ok',
      login: true,
    }),
    get('/api/user/profile', {
      summary: "A user's public profile",
      query: UserProfileQuery,
      answer: 'UserProfileAnswer',
      login: true,
    }),
    post('/api/user/sms_auth/send', {
      summary: "Send an SMS code to the account's phone",
      body: SmsSendBody,
      answer: 'PhoneAnswer',
      login: true,
    }),
    post('/api/user/sms_auth/verify', {
      summary: 'Verify the SMS code',
      body: SmsVerifyBody,
      answer: 'Ok',
      login: true,
    }),
    post('/api/reset_password/start_sms', {
      summary: 'Start a password reset by SMS',
      body: ResetAccountBody,
      answer: 'PhoneAnswer',
    }),
    post('/api/reset_password/send_sms', {
      summary: 'Send the password reset code again',
      body: ResetAccountBody,
      answer: 'PhoneAnswer',
    }),
    post('/api/reset_password/auth_sms', {
      summary: 'Finish the password reset with the code',
      body: ResetFinishBody,
      answer: 'Ok',
    }),
    get('/api/users/me/avatars', {
      summary: 'The avatars the user owns and the one worn',
      answer: 'AvatarsAnswer',
      login: true,
    }),
    post('/api/user_avatar/fav', {
      summary: 'Mark an avatar as a favourite, or not',
      body: AvatarFavBody,
      answer: 'AvatarFavAnswer',
      login: true,
    }),
    post('/api/user/update_user_avatar', {
      summary: 'Wear an avatar',
      body: ChooseAvatarBody,
      answer: 'ChooseAvatarAnswer',
      login: true,
    }),
    get('/api/user/legal_representative_agreement', {
      summary: "Whether a guardian's consent is needed, and the one given",
      answer: 'GuardianConsentAnswer',
      login: true,
    }),
    post('/api/user/legal_representative_agreement', {
      summary: "Record a guardian's consent",
      body: GuardianConsentBody,
      answer: 'GuardianConsentAnswer',
      login: true,
    }),
    get('/api/jewel_hist', {
      summary: "The room's jewel history",
      query: JewelHistQuery,
      answer: 'JewelHistAnswer',
      login: true,
    }),
  ]),
  ...tagged('Missions', [
    get('/api/mission', {
      summary: "The caller's missions and their progress",
      query: MissionQuery,
      answer: 'MissionAnswer',
    }),
    post('/api/mission/receive', {
      summary: "Receive a mission's reward",
      body: MissionReceiveBody,
      answer: 'MissionReceiveAnswer',
      login: true,
    }),
  ]),
  ...tagged('Session', [
    get('/api/csrf_token', {
      summary: "The session's CSRF token (starts a session)",
      answer: 'CsrfTokenAnswer',
    }),
    get('/api/current_user', {
      summary: 'The logged-in user, or an anonymous one',
      answer: 'CurrentUserAnswer',
    }),
    post('/social/facebook/login', {
      summary: 'Log in or sign up with a Facebook access token',
      body: SocialTokenBody,
      answer: 'AuthAnswer',
    }),
    post('/social/facebook/connect', {
      summary: 'Connect a Facebook account',
      body: SocialTokenBody,
      answer: 'Ok',
      login: true,
    }),
    post('/social/twitter/post_tweet', {
      summary: 'Post to X (Twitter) from the connected account',
      body: PostTweetBody,
      answer: 'Ok',
      login: true,
    }),
    post('/user/login', { summary: 'Log in', body: LoginBody, answer: 'AuthAnswer' }),
    post('/user/logout_api', { summary: 'Log out', answer: ['Ok', 'AuthAnswer'] }),
    post('/user/sign_up', { summary: 'Sign up (JSON)', body: SignUpBody, answer: 'AuthAnswer' }),
    post('/user/register', {
      summary: 'Sign up (form, with an avatar)',
      body: RegisterBody,
      answer: 'AuthAnswer',
    }),
    post('/user/forget_mail_send', {
      summary: 'Mail the account id and how to reset the password',
      body: ForgetMailBody,
      answer: 'Ok',
    }),
  ]),
  ...tagged('Site', [
    get('/api/service_settings', {
      summary: 'What the app needs to know about this deployment',
      answer: 'ServiceSettingsAnswer',
    }),
  ]),
  ...tagged('Session', [
    get('/social/{provider}/is_auth_done', {
      summary: 'Whether a social login is done, or waits for an account id',
      params: SocialProvider,
      answer: 'SocialAuthDoneAnswer',
    }),
    post('/social/{provider}/sign_up', {
      summary: 'Create the account a social login waits for',
      params: SocialProvider,
      body: SocialSignUpBody,
      answer: 'AuthAnswer',
    }),
  ]),
  ...(['user', 'organizer'] as const).flatMap((holder) =>
    tagged(holder === 'user' ? 'Account' : 'Organizers', [
      get(`/api/${holder}/invoice/init`, {
        summary: `The ${holder}'s invoice registration, or null`,
        answer: 'InvoiceAnswer',
        login: true,
      }),
      post(`/api/${holder}/invoice/update`, {
        summary: `Save the ${holder}'s invoice registration`,
        body: InvoiceBody,
        answer: 'InvoiceAnswer',
        login: true,
      }),
      post(`/api/${holder}/agree_new_terms`, {
        summary: `Agree to the new terms (${holder})`,
        body: TermsAgreementBody,
        answer: 'TermsAgreementAnswer',
        login: true,
      }),
    ]),
  ),
]
