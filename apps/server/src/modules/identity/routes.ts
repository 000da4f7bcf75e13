import type {} from '@fastify/rate-limit'; // route-level rateLimit config types
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiResponse,
  avatarBodySchema,
  avatarSetSchema,
  bindEmailBodySchema,
  bindMobileBodySchema,
  bookAddressBodySchema,
  bookAddressDeleteBodySchema,
  bookAddressListQuerySchema,
  bookAddressPageSchema,
  bookAddressSchema,
  boundEmailSchema,
  boundMobileSchema,
  checkEmailBodySchema,
  checkedEmailSchema,
  codeSentSchema,
  domesticCardBodySchema,
  domesticCardSchema,
  emailCodeBodySchema,
  emptyMessageSchema,
  forgetPasswordBodySchema,
  internationalCardBodySchema,
  internationalCardSchema,
  inviteListBodySchema,
  inviteListSchema,
  kycStateSchema,
  kycSubmitBodySchema,
  langOnlySchema,
  loginBodySchema,
  nicknameBodySchema,
  nicknameSetSchema,
  pingSchema,
  registerBodySchema,
  sessionTokenSchema,
  smsCodeBodySchema,
  updatePasswordBodySchema,
  userInfoSchema,
  walletAuthorizeInfoSchema,
  walletSignInBodySchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { bindEmail, bindMobile, checkEmail, forgetPassword, register, sendCode, updatePassword } from './account';
import { deleteAddress, listAddresses, saveAddress } from './address-book';
import { cardInfo, checkDomestic, checkInternational, saveCard } from './bank-cards';
import { inviteList } from './invites';
import { kycState, submitKyc } from './kyc';
import { setAvatar, setNickname } from './profile';
import { login, ping, userInfo } from './service';
import { tokenFromHeader } from '../../http/auth-header';
import { currentUser, endSession, requireUser, resolveSession } from '../sessions';
import { deviceFromRequest, setDeviceCookie } from '../sign-in';
import { walletAuthorizeInfo, walletSignIn } from './wallet-siwe';

const tags = ['identity'];

export function identityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const auth = requireUser(ctx);
    const meta = (req: { ip: string; headers: { 'user-agent'?: string } }) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
    const optionalUser = async (authorization: string | undefined) => {
      const token = tokenFromHeader(authorization);
      return token ? resolveSession(ctx, token) : null;
    };

    // ---- codes ----
    const codeLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
    app.post(
      '/sms_mail',
      {
        config: codeLimit,
        schema: { response: apiResponse(codeSentSchema), tags, summary: 'Send a 6-digit code by e-mail', body: emailCodeBodySchema },
      },
      async (req) =>
        ok(
          await sendCode(ctx, {
            channel: 'email',
            userString: req.body.user_string ?? req.body.email,
            scene: req.body.scene,
            ip: req.ip,
            lang: req.lang,
            userId: await optionalUser(req.headers.authorization),
          }),
        ),
    );
    app.post(
      '/sms_send',
      {
        config: codeLimit,
        schema: { response: apiResponse(codeSentSchema),
          tags,
          summary: 'Send a 6-digit code by SMS',
          body: smsCodeBodySchema,
        },
      },
      async (req) =>
        ok(
          await sendCode(ctx, {
            channel: 'sms',
            userString: req.body.user_string ?? req.body.mobile,
            areaCode: req.body.area_code,
            scene: req.body.scene,
            ip: req.ip,
            lang: req.lang,
            userId: await optionalUser(req.headers.authorization),
          }),
        ),
    );

    app.post('/user/check_email', { schema: { response: apiResponse(checkedEmailSchema), tags, body: checkEmailBodySchema } }, (req) =>
      ok(checkEmail(req.body.email ?? req.body.user_string ?? '')),
    );

    app.post(
      '/user/register',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: { response: apiResponse(sessionTokenSchema),
          tags,
          summary: 'Register with e-mail or mobile and a code; message is the session token',
          body: registerBodySchema,
        },
      },
      async (req) =>
        ok(
          await register(ctx, {
            type: req.body.type,
            userString: req.body.user_string,
            areaCode: req.body.area_code,
            code: req.body.code,
            password: req.body.password,
            rePassword: req.body.re_password,
            inviteCode: req.body.extension_code,
            ...meta(req),
          }),
        ),
    );

    app.post(
      '/user/login',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: { response: apiResponse(sessionTokenSchema),
          tags,
          summary: 'Log in with e-mail or mobile and password; message is the session token',
          body: loginBodySchema,
        },
      },
      async (req, reply) => {
        const { token, device } = await login(ctx, {
          account: req.body.user_string,
          password: req.body.password,
          ...meta(req),
          device: deviceFromRequest(req, 'user'),
        });
        setDeviceCookie(req, reply, 'user', device);
        return ok(token);
      },
    );

    app.get('/user/logout', { schema: { response: apiResponse(emptyMessageSchema), tags, querystring: langOnlySchema } }, async (req) => {
      const token = tokenFromHeader(req.headers.authorization);
      if (token) await endSession(ctx, token);
      return ok(null);
    });

    app.post(
      '/user/forget',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: { response: apiResponse(emptyMessageSchema),
          tags,
          summary: 'Reset the password with a code; ends every session',
          body: forgetPasswordBodySchema,
        },
      },
      async (req) => {
        await forgetPassword(ctx, { account: req.body.account, areaCode: req.body.area_code, password: req.body.password, rePassword: req.body.repassword, code: req.body.code });
        return ok(null);
      },
    );

    app.post(
      '/safe/update_password',
      { preValidation: auth, schema: { response: apiResponse(emptyMessageSchema), tags, body: updatePasswordBodySchema } },
      async (req) => {
        await updatePassword(ctx, currentUser(req), tokenFromHeader(req.headers.authorization) ?? '', {
          password: req.body.password,
          rePassword: req.body.re_password,
          code: req.body.code,
        });
        return ok(null);
      },
    );
    app.post(
      '/safe/email',
      { preValidation: auth, schema: { response: apiResponse(boundEmailSchema), tags, body: bindEmailBodySchema } },
      async (req) => ok(await bindEmail(ctx, currentUser(req), req.body)),
    );
    app.post(
      '/safe/mobile',
      { preValidation: auth, schema: { response: apiResponse(boundMobileSchema), tags, body: bindMobileBodySchema } },
      async (req) => ok(await bindMobile(ctx, currentUser(req), { mobile: req.body.mobile, areaCode: req.body.area_code, code: req.body.code })),
    );

    const info = async (req: Parameters<typeof currentUser>[0]) => ok(await userInfo(ctx, currentUser(req)));
    app.get('/user/info', { preValidation: auth, schema: { tags, querystring: langOnlySchema, response: apiResponse(userInfoSchema) } }, info);
    app.post('/user/userinfo', { preValidation: auth, schema: { tags, body: langOnlySchema, response: apiResponse(userInfoSchema) } }, info);

    app.get(
      '/user/pingw',
      {
        preValidation: auth,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { response: apiResponse(pingSchema), tags, summary: 'Records last-seen; only with a token', querystring: langOnlySchema },
      },
      async (req) => ok(await ping(ctx, currentUser(req))),
    );

    // ---- wallet sign-in (EIP-4361) ----
    app.get('/wallet/getWalletAuthorizeInfo', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { response: apiResponse(walletAuthorizeInfoSchema), tags, querystring: langOnlySchema } }, async (req) =>
      ok(await walletAuthorizeInfo(ctx, req.headers.host)),
    );
    app.post(
      '/user/authorize',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: { response: apiResponse(sessionTokenSchema),
          tags,
          summary: 'Sign in with a signed EIP-4361 message; creates the account on first sign-in; message is the session token',
          body: walletSignInBodySchema,
        },
      },
      async (req) =>
        ok(
          await walletSignIn(ctx, {
            message: req.body.message,
            signature: req.body.signature,
            inviteCode: req.body.extension_code ?? req.body.invite,
            hostHeader: req.headers.host,
            ...meta(req),
          }),
        ),
    );

    // ---- real-name verification ----
    app.get('/real/state', { preValidation: auth, schema: { response: apiResponse(kycStateSchema), tags, querystring: langOnlySchema } }, async (req) => ok(await kycState(ctx, currentUser(req))));
    app.post(
      '/user/real',
      {
        preValidation: auth,
        schema: { response: apiResponse(kycStateSchema),
          tags,
          body: kycSubmitBodySchema,
        },
      },
      async (req) =>
        ok(
          await submitKyc(ctx, currentUser(req), {
            realType: req.body.real_type,
            idType: req.body.id_type,
            name: req.body.name,
            cardId: req.body.card_id,
            frontPic: req.body.front_pic,
            reversePic: req.body.reverse_pic,
          }),
        ),
    );

    // ---- profile ----
    app.post('/user/uploadHeadPortrait', { preValidation: auth, schema: { response: apiResponse(avatarSetSchema), tags, body: avatarBodySchema } }, async (req) =>
      ok(await setAvatar(ctx, currentUser(req), req.body.head_portrait)),
    );
    app.post('/user/editNickname', { preValidation: auth, schema: { response: apiResponse(nicknameSetSchema), tags, body: nicknameBodySchema } }, async (req) =>
      ok(await setNickname(ctx, currentUser(req), req.body.nickname)),
    );

    // ---- address book ----
    app.post(
      '/user/wallet/save',
      { preValidation: auth, schema: { response: apiResponse(bookAddressSchema), tags, body: bookAddressBodySchema } },
      async (req) => ok(await saveAddress(ctx, currentUser(req), req.body)),
    );
    app.get('/user/wallet/list', { preValidation: auth, schema: { response: apiResponse(bookAddressPageSchema), tags, querystring: bookAddressListQuerySchema } }, async (req) =>
      ok(await listAddresses(ctx, currentUser(req), req.query.page, req.query.limit, req.query.currency)),
    );
    app.post('/user/wallet/delete', { preValidation: auth, schema: { response: apiResponse(emptyMessageSchema), tags, body: bookAddressDeleteBodySchema } }, async (req) =>
      ok(await deleteAddress(ctx, currentUser(req), req.body.id)),
    );

    // ---- bank cards ----
    app.post('/user/cash_save', { preValidation: auth, schema: { response: apiResponse(domesticCardSchema), tags, body: domesticCardBodySchema } }, async (req) =>
      ok(await saveCard(ctx, currentUser(req), 'domestic', checkDomestic(req.body))),
    );
    app.post('/user/cash_save_international', { preValidation: auth, schema: { response: apiResponse(internationalCardSchema), tags, body: internationalCardBodySchema } }, async (req) =>
      ok(await saveCard(ctx, currentUser(req), 'international', checkInternational(req.body))),
    );
    app.post('/user/cash_info', { preValidation: auth, schema: { response: apiResponse(domesticCardSchema), tags, body: langOnlySchema } }, async (req) => ok(await cardInfo(ctx, currentUser(req), 'domestic')));
    app.post('/user/cash_info_international', { preValidation: auth, schema: { response: apiResponse(internationalCardSchema), tags, body: langOnlySchema } }, async (req) =>
      ok(await cardInfo(ctx, currentUser(req), 'international')),
    );

    // ---- invitations ----
    app.post('/user/invite_list', { preValidation: auth, schema: { response: apiResponse(inviteListSchema), tags, body: inviteListBodySchema } }, async (req) =>
      ok(await inviteList(ctx, currentUser(req), req.body.page, req.body.limit)),
    );
  };
}
