import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A webhook attempt is claimed in one statement: claim_webhook_delivery takes the member's
 * in-flight lock (the advisory lock the claim's transaction took before, same key), counts the
 * attempts in flight and claims the delivery, or answers why not. It is a VOLATILE PL/pgSQL
 * function because each of its statements then reads a snapshot taken after the one before:
 * the count, taken once the lock is held, sees every claim committed by whoever held it, so the
 * caps hold exactly across workers. A single SQL statement would count from a snapshot taken
 * before it waited for the lock.
 *
 * Given a delivery, it claims that one; given only an endpoint, its delivery due first
 * (a worker whose attempt just ended takes the slot it freed). A claim says whether the endpoint
 * had more deliveries due (`more`), so a worker asks for the next only when there was one. The
 * partial index finds an endpoint's pending deliveries without reading its delivered history.
 */
export class ClaimWebhookDelivery1797100000000 implements MigrationInterface {
  name = 'ClaimWebhookDelivery1797100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX "webhook_deliveries_pending" ON "webhook_deliveries" ("endpoint_id", "next_attempt_at") WHERE "status" = \'pending\'');
    await q.query(`CREATE FUNCTION claim_webhook_delivery(
        want_delivery uuid, want_endpoint uuid, per_endpoint integer, per_member integer, sending_seconds float8, retry_seconds float8)
      RETURNS TABLE (outcome text, wait_ms float8, id uuid, endpoint_id uuid, body text, attempts integer, created_at timestamptz, url text, secret_sealed text, more boolean)
      LANGUAGE plpgsql VOLATILE
      AS $$
      #variable_conflict use_column
      DECLARE
        pick uuid;
        pick_endpoint uuid;
        member uuid;
        wait float8;
        flying_endpoint integer;
        flying_member integer;
      BEGIN
        IF want_delivery IS NOT NULL THEN
          SELECT d.id, d.endpoint_id, e.member_id,
              GREATEST(0, EXTRACT(EPOCH FROM (GREATEST(d.next_attempt_at, d.sending_until) - now())) * 1000)::float8
            INTO pick, pick_endpoint, member, wait
            FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
            WHERE d.id = want_delivery AND d.status = 'pending' AND e.disabled_at IS NULL;
          IF NOT FOUND THEN RETURN; END IF;
          IF wait > 0 THEN
            RETURN QUERY SELECT 'later'::text, wait, NULL::uuid, NULL::uuid, NULL::text, NULL::integer, NULL::timestamptz, NULL::text, NULL::text, NULL::boolean;
            RETURN;
          END IF;
          PERFORM pg_advisory_xact_lock(hashtext('webhook_in_flight:' || member));
        ELSE
          SELECT e.id, e.member_id INTO pick_endpoint, member FROM webhook_endpoints e WHERE e.id = want_endpoint AND e.disabled_at IS NULL;
          IF NOT FOUND THEN RETURN; END IF;
          PERFORM pg_advisory_xact_lock(hashtext('webhook_in_flight:' || member));
          SELECT d.id INTO pick FROM webhook_deliveries d
            WHERE d.endpoint_id = pick_endpoint AND d.status = 'pending' AND d.next_attempt_at <= now() AND (d.sending_until IS NULL OR d.sending_until <= now())
            ORDER BY d.next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED;
          IF NOT FOUND THEN RETURN; END IF;
        END IF;
        SELECT count(*) FILTER (WHERE d.endpoint_id = pick_endpoint), count(*) INTO flying_endpoint, flying_member
          FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE e.member_id = member AND d.sending_until > now();
        IF flying_endpoint >= per_endpoint OR flying_member >= per_member THEN
          RETURN QUERY SELECT 'busy'::text, NULL::float8, NULL::uuid, NULL::uuid, NULL::text, NULL::integer, NULL::timestamptz, NULL::text, NULL::text, NULL::boolean;
          RETURN;
        END IF;
        RETURN QUERY UPDATE webhook_deliveries d
          SET attempts = d.attempts + 1, last_attempt_at = now(),
            sending_until = now() + make_interval(secs => sending_seconds), next_attempt_at = now() + make_interval(secs => retry_seconds)
          FROM webhook_endpoints e
          WHERE d.id = pick AND e.id = d.endpoint_id AND d.status = 'pending' AND e.disabled_at IS NULL
            AND d.next_attempt_at <= now() AND (d.sending_until IS NULL OR d.sending_until <= now())
          RETURNING 'claimed'::text, NULL::float8, d.id, d.endpoint_id, d.body, d.attempts, d.created_at, e.url, e.secret_sealed,
            EXISTS (SELECT 1 FROM webhook_deliveries o WHERE o.endpoint_id = d.endpoint_id AND o.status = 'pending' AND o.id <> d.id
              AND o.next_attempt_at <= now() AND (o.sending_until IS NULL OR o.sending_until <= now()));
        IF FOUND THEN RETURN; END IF;
        -- Claimed by another worker since it was read: due again when that attempt's mark runs out.
        RETURN QUERY SELECT 'later'::text, GREATEST(0, EXTRACT(EPOCH FROM (GREATEST(d.next_attempt_at, d.sending_until) - now())) * 1000)::float8,
            NULL::uuid, NULL::uuid, NULL::text, NULL::integer, NULL::timestamptz, NULL::text, NULL::text, NULL::boolean
          FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.id = pick AND d.status = 'pending' AND e.disabled_at IS NULL;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION claim_webhook_delivery(uuid, uuid, integer, integer, float8, float8)');
    await q.query('DROP INDEX "webhook_deliveries_pending"');
  }
}
