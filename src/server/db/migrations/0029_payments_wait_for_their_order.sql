-- A payment may be written before its order within the same transaction (ADR 063): placing an order
-- sends the order, its payment, its stock and its delivery hour together, so the payment's reference
-- to the order is checked when the transaction commits.
ALTER TABLE "payments" ALTER CONSTRAINT "payments_order_id_orders_id_fk" DEFERRABLE INITIALLY DEFERRED;
