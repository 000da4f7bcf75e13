import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bech32, createBase58check } from '@scure/base';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { HDKey, english } from 'viem/accounts';
import {
  bytesToHex,
  getAddress,
  hexToBytes,
  keccak256,
  publicKeyToAddress,
  ripemd160,
  sha256,
} from 'viem/utils';

/** Chains that carry deposit addresses. */
export type ChainName = 'evm' | 'tron' | 'btc';
export const CHAINS: readonly ChainName[] = ['evm', 'tron', 'btc'];

/** BIP-44 account paths (BIP-84 for native SegWit bitcoin); addresses are <account>/0/<index>. */
export function accountPath(chain: ChainName, btcNetwork: 'mainnet' | 'testnet' = 'mainnet'): string {
  if (chain === 'evm') return "m/44'/60'/0'";
  if (chain === 'tron') return "m/44'/195'/0'";
  return btcNetwork === 'testnet' ? "m/84'/1'/0'" : "m/84'/0'/0'";
}

const sha256Bytes = (b: Uint8Array): Uint8Array => sha256(b, 'bytes');
const base58check = createBase58check(sha256Bytes);

function uncompressed(compressed: Uint8Array): Uint8Array {
  return secp256k1.Point.fromBytes(compressed).toBytes(false);
}

/** EIP-55 address of a secp256k1 public key (compressed or not). */
export function evmAddress(publicKey: Uint8Array): `0x${string}` {
  const pub = publicKey.length === 33 ? uncompressed(publicKey) : publicKey;
  return publicKeyToAddress(bytesToHex(pub));
}

/** TRON address: base58check of 0x41 followed by the 20-byte keccak hash (the EVM address bytes). */
export function tronAddress(publicKey: Uint8Array): string {
  const body = hexToBytes(evmAddress(publicKey));
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  payload.set(body, 1);
  return base58check.encode(payload);
}

/** Decodes a TRON base58check address to its 20 bytes as an EVM-style hex address (throws when invalid). */
export function tronToHex(address: string): `0x${string}` {
  const payload = base58check.decode(address);
  if (payload.length !== 21 || payload[0] !== 0x41) throw new Error('not a TRON address');
  return getAddress(bytesToHex(payload.slice(1)));
}

/** Native SegWit (P2WPKH, BIP-84) address: bech32 of witness v0 and HASH160 of the compressed key. */
export function btcAddress(publicKey: Uint8Array, network: 'mainnet' | 'testnet' = 'mainnet'): string {
  if (publicKey.length !== 33) throw new Error('P2WPKH needs a compressed public key');
  const h160 = ripemd160(sha256Bytes(publicKey), 'bytes');
  return bech32.encode(network === 'testnet' ? 'tb' : 'bc', [0, ...bech32.toWords(h160)]);
}

/** Derives public addresses of one chain from an account-level key (private or public only). */
export class AddressDeriver {
  readonly keyId: string;
  private readonly external: HDKey;

  constructor(
    readonly chain: ChainName,
    readonly account: HDKey,
    readonly basePath: string,
    private readonly btcNetwork: 'mainnet' | 'testnet' = 'mainnet',
  ) {
    // Only the public side is needed to derive addresses; the key id names the account key.
    this.external = HDKey.fromExtendedKey(account.publicExtendedKey).deriveChild(0);
    this.keyId = `${chain}:${account.fingerprint.toString(16).padStart(8, '0')}`;
  }

  path(index: number): string {
    return `${this.basePath}/0/${index}`;
  }

  address(index: number): string {
    const pub = this.external.deriveChild(index).publicKey;
    if (!pub) throw new Error('no public key');
    if (this.chain === 'evm') return evmAddress(pub);
    if (this.chain === 'tron') return tronAddress(pub);
    return btcAddress(pub, this.btcNetwork);
  }
}

export function isValidMnemonic(mnemonic: string): boolean {
  return validateMnemonic(mnemonic.trim().normalize('NFKD'), english);
}

/** The master key of a BIP-39 phrase (no passphrase). */
export function masterFromMnemonic(mnemonic: string): HDKey {
  if (!isValidMnemonic(mnemonic)) throw new Error('WALLET_MNEMONIC is not a valid BIP-39 English phrase');
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic.trim()));
}

/** Derivers for every chain, from a phrase or (xpub-only mode) from account-level extended public keys. */
export function derivers(
  source: { mnemonic?: string; xpubs?: Partial<Record<ChainName, string>> },
  btcNetwork: 'mainnet' | 'testnet' = 'mainnet',
): Partial<Record<ChainName, AddressDeriver>> {
  const out: Partial<Record<ChainName, AddressDeriver>> = {};
  const master = source.mnemonic ? masterFromMnemonic(source.mnemonic) : undefined;
  for (const chain of CHAINS) {
    const path = accountPath(chain, btcNetwork);
    const xpub = source.xpubs?.[chain];
    const account = xpub ? HDKey.fromExtendedKey(xpub) : master?.derive(path);
    if (account) out[chain] = new AddressDeriver(chain, account, path, btcNetwork);
  }
  return out;
}

/** keccak256 is re-exported for the event topic of ERC20 Transfer in tests and the watcher. */
export { keccak256 };
