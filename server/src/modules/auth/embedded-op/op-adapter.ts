import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../../db/client.ts';
import { oidcPayloads } from '../../../db/schema.ts';

/**
 * oidc-provider's storage in our database (its "adapter" contract: docs/README.md "adapter" of
 * oidc-provider 9), so that several server instances and restarts share sessions, interactions,
 * codes and grants. One row per model instance; expired rows are never returned and are pruned
 * on writes.
 * @returns the factory to pass as the provider's `adapter` option.
 */
export function createOidcAdapterFactory(db: Db): AdapterFactory {
  return (model) => new DbAdapter(db, model);
}

/** One oidc-provider model (Session, Interaction, AuthorizationCode, …) stored in `oidc_payloads`. */
export class DbAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  /** Stores a payload; `expiresIn` is in seconds (none: kept until destroyed). */
  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = new Date();
    const expiresAt = expiresIn ? new Date(now.getTime() + expiresIn * 1000) : null;
    await this.db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, now));
    const columns = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ model: this.model, id, ...columns })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: columns });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  /** Marks a one-time artifact (an authorization code) as used; oidc-provider then refuses it. */
  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcPayloads)
      .set({ payload: sql`${oidcPayloads.payload} || jsonb_build_object('consumed', extract(epoch from now())::bigint)` })
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  /** Removes everything issued under one grant, whatever its model (a replayed code revokes its tokens). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(
        and(eq(oidcPayloads.model, this.model), condition, or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()))),
      );
    return row?.payload;
  }
}
