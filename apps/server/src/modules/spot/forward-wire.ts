/**
 * Wire formats of forwarded spot commands and their answers (JSON over Redis pub/sub, forward.ts):
 * amounts as decimal strings, instants as ISO text. Both ends parse with these schemas, so a
 * malformed message is dropped instead of reaching a market's writer.
 */
import { z } from 'zod';
import type { AppError } from '../../http/errors';
import type { CancelReason, NewOrder, OrderState } from './types';

/** A command for a market's writer. */
export type SpotCommand =
  | { kind: 'place'; order: NewOrder }
  | { kind: 'cancel'; orderId: number; userId: number | null; reason: CancelReason };

const int = z.int();
const units = z
  .string()
  .regex(/^-?\d+$/)
  .transform((v) => BigInt(v));
const instant = z.iso.datetime().transform((v) => new Date(v));
const side = z.enum(['buy', 'sell']);
const orderType = z.enum(['limit', 'market']);
const tif = z.enum(['gtc', 'ioc', 'post_only']);
const reason = z.enum(['user', 'operator', 'ioc', 'self_trade', 'no_liquidity', 'bot']);

export const commandWire = z.object({
  id: z.string(),
  replyTo: z.string(),
  deadline: z.number(),
  cmd: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('place'),
      order: z.object({
        userId: int,
        side,
        type: orderType,
        tif,
        priceTicks: int,
        price: z.string().nullable(),
        amountLots: int,
        freeze: units,
        clientOrderId: z.string().nullable(),
      }),
    }),
    z.object({ kind: z.literal('cancel'), orderId: int, userId: int.nullable(), reason }),
  ]),
});

const orderWire = z.object({
  id: int,
  userId: int,
  instrumentId: int,
  side,
  type: orderType,
  tif,
  priceTicks: int,
  price: z.string().nullable(),
  amountLots: int,
  filledLots: int,
  frozen: units,
  used: units,
  released: units,
  quoteFilled: units,
  notional: units,
  fee: units,
  status: z.enum(['open', 'filled', 'cancelled']),
  cancelReason: reason.nullable(),
  clientOrderId: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
});

export const replyWire = z.discriminatedUnion('result', [
  z.object({ id: z.string(), result: z.literal('ok'), order: orderWire }),
  z.object({
    id: z.string(),
    result: z.literal('refused'),
    code: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    type: z.union([z.literal('error'), z.literal(999), z.literal(998)]),
  }),
  z.object({ id: z.string(), result: z.literal('failed'), message: z.string() }),
  z.object({ id: z.string(), result: z.literal('not_writer') }),
]);

export type Wire<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] extends Date ? string : T[K] };
export type Reply =
  | { id: string; result: 'ok'; order: Wire<OrderState> }
  | {
      id: string;
      result: 'refused';
      code: string;
      params: Record<string, string | number>;
      type: AppError['type'];
    }
  | { id: string; result: 'failed'; message: string }
  | { id: string; result: 'not_writer' };

export function encodeCommand(cmd: SpotCommand) {
  return cmd.kind === 'place'
    ? {
        kind: cmd.kind,
        order: { ...cmd.order, freeze: cmd.order.freeze.toString() } satisfies Wire<NewOrder>,
      }
    : cmd;
}

export function encodeOrder(o: OrderState): Wire<OrderState> {
  return {
    id: o.id,
    userId: o.userId,
    instrumentId: o.instrumentId,
    side: o.side,
    type: o.type,
    tif: o.tif,
    priceTicks: o.priceTicks,
    price: o.price,
    amountLots: o.amountLots,
    filledLots: o.filledLots,
    frozen: o.frozen.toString(),
    used: o.used.toString(),
    released: o.released.toString(),
    quoteFilled: o.quoteFilled.toString(),
    notional: o.notional.toString(),
    fee: o.fee.toString(),
    status: o.status,
    cancelReason: o.cancelReason,
    clientOrderId: o.clientOrderId,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
