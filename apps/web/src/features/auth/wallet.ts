/**
 * Wallet sign-in (EIP-4361, docs/product/settlement.md): the browser wallet signs a sign-in message; it is
 * never asked for an approval or a transaction.
 */
import type { SessionToken, WalletAuthorizeInfo } from '@bourse/contract';
import { api } from '../../api/client';
import type { SessionUser } from '../../api/session';
import { adoptToken, inviteFromLocation } from './api/auth';

interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export function browserWallet(): Eip1193 | null {
  const eth = (window as unknown as { ethereum?: Eip1193 }).ethereum;
  return eth && typeof eth.request === 'function' ? eth : null;
}

function utf8Hex(text: string): string {
  let hex = '0x';
  for (const b of new TextEncoder().encode(text)) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** The EIP-4361 text for these parameters. */
export function siweMessage(info: WalletAuthorizeInfo, address: string): string {
  return [
    `${info.domain} wants you to sign in with your Ethereum account:`,
    address,
    '',
    info.statement,
    '',
    `URI: ${info.uri}`,
    `Version: ${info.version}`,
    `Chain ID: ${info.chain_id}`,
    `Nonce: ${info.nonce}`,
    `Issued At: ${info.issued_at}`,
    `Expiration Time: ${info.expiration_time}`,
  ].join('\n');
}

export async function walletSignIn(): Promise<SessionUser> {
  const wallet = browserWallet();
  if (!wallet) throw new Error('no wallet');
  const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
  const address = accounts?.[0];
  if (!address) throw new Error('the wallet gave no account');
  const info = await api.get<WalletAuthorizeInfo>('/wallet/getWalletAuthorizeInfo');
  const message = siweMessage(info, address);
  const signature = (await wallet.request({ method: 'personal_sign', params: [utf8Hex(message), address] })) as string;
  const token = await api.post<SessionToken>('/user/authorize', { message, signature, extension_code: inviteFromLocation() || undefined });
  return adoptToken(token);
}
