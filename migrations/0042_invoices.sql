-- Invoices, deposit invoices and credit notes, their payments, and the customer's VAT number and e-invoice format (db/schema/invoice.ts).
CREATE TABLE "invoice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"site_id" uuid,
	"project_id" uuid,
	"quote_id" uuid,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"corrects_id" uuid,
	"location_id" uuid,
	"sharing" jsonb DEFAULT '{"default":"none","locations":[]}'::jsonb NOT NULL,
	"audience" text[] GENERATED ALWAYS AS (sharing_audience(location_id, sharing)) STORED NOT NULL,
	"owner_id" uuid NOT NULL,
	"number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"issue_date" date,
	"due_date" date,
	"payment_terms_days" integer DEFAULT 14 NOT NULL,
	"buyer_reference" text,
	"purchase_order" text,
	"currency" text NOT NULL,
	"content" jsonb NOT NULL,
	"prepayments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"document" jsonb,
	"hash" text,
	"total" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"due" bigint DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"status_changed" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(number, '') || ' ' || title || ' ' || coalesce(buyer_reference, '') || ' ' || coalesce(purchase_order, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"customer_id" uuid,
	"location_id" uuid,
	"sharing" jsonb DEFAULT '{"default":"none","locations":[]}'::jsonb NOT NULL,
	"audience" text[] GENERATED ALWAYS AS (sharing_audience(location_id, sharing)) STORED NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"stripe_session_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "einvoice_format" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
-- The targets of same-organization references come before the references.
CREATE UNIQUE INDEX "invoice_org_id_idx" ON "invoice" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_org_id_idx" ON "payment" USING btree ("organization_id","id");--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customer"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_site_fk" FOREIGN KEY ("organization_id","site_id") REFERENCES "public"."site"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_project_fk" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."project"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_quote_fk" FOREIGN KEY ("organization_id","quote_id") REFERENCES "public"."quote"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_corrects_fk" FOREIGN KEY ("organization_id","corrects_id") REFERENCES "public"."invoice"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_location_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."location"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_owner_fk" FOREIGN KEY ("organization_id","owner_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoice"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_customer_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customer"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_location_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."location"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_org_number_idx" ON "invoice" USING btree ("organization_id","number") WHERE "invoice"."number" is not null;--> statement-breakpoint
CREATE INDEX "invoice_org_created_id_idx" ON "invoice" USING btree ("organization_id","created_at","id","audience");--> statement-breakpoint
CREATE INDEX "invoice_org_status_created_id_idx" ON "invoice" USING btree ("organization_id","status","created_at","id","audience");--> statement-breakpoint
CREATE INDEX "invoice_org_location_created_idx" ON "invoice" USING btree ("organization_id","location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_org_customer_created_idx" ON "invoice" USING btree ("organization_id","customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_org_project_idx" ON "invoice" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE INDEX "invoice_org_quote_idx" ON "invoice" USING btree ("organization_id","quote_id");--> statement-breakpoint
CREATE INDEX "invoice_org_corrects_idx" ON "invoice" USING btree ("organization_id","corrects_id");--> statement-breakpoint
CREATE INDEX "invoice_open_due_date_idx" ON "invoice" USING btree ("due_date") WHERE "invoice"."status" in ('issued', 'sent', 'partly_paid');--> statement-breakpoint
CREATE INDEX "invoice_search_trgm_idx" ON "invoice" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_org_stripe_session_idx" ON "payment" USING btree ("organization_id","stripe_session_id") WHERE "payment"."stripe_session_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_org_invoice_idx" ON "payment" USING btree ("organization_id","invoice_id","paid_on","created_at");--> statement-breakpoint
CREATE INDEX "payment_org_customer_idx" ON "payment" USING btree ("organization_id","customer_id","paid_on","created_at");--> statement-breakpoint
CREATE INDEX "payment_org_paid_on_idx" ON "payment" USING btree ("organization_id","paid_on","id","audience");--> statement-breakpoint
-- An invoice carries its customer's location and sharing, as a quote does (migration 0039):
-- copied when the invoice is written, and again whenever the customer's change.
CREATE FUNCTION invoice_take_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.location_id, c.sharing INTO NEW.location_id, NEW.sharing
  FROM customer c WHERE c.organization_id = NEW.organization_id AND c.id = NEW.customer_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoice_take_customer" BEFORE INSERT OR UPDATE OF customer_id, location_id, sharing ON "invoice"
  FOR EACH ROW EXECUTE FUNCTION invoice_take_customer();--> statement-breakpoint
CREATE FUNCTION invoice_follow_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoice SET location_id = NEW.location_id, sharing = NEW.sharing
  WHERE organization_id = NEW.organization_id AND customer_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoice_follow_customer" AFTER UPDATE OF location_id, sharing ON "customer"
  FOR EACH ROW WHEN (
    OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.sharing IS DISTINCT FROM NEW.sharing
  ) EXECUTE FUNCTION invoice_follow_customer();--> statement-breakpoint
-- A payment carries its invoice's customer, location and sharing, and follows them.
CREATE FUNCTION payment_take_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i.customer_id, i.location_id, i.sharing INTO NEW.customer_id, NEW.location_id, NEW.sharing
  FROM invoice i WHERE i.organization_id = NEW.organization_id AND i.id = NEW.invoice_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payment_take_invoice" BEFORE INSERT OR UPDATE OF invoice_id, customer_id, location_id, sharing ON "payment"
  FOR EACH ROW EXECUTE FUNCTION payment_take_invoice();--> statement-breakpoint
CREATE FUNCTION payment_follow_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payment SET customer_id = NEW.customer_id, location_id = NEW.location_id, sharing = NEW.sharing
  WHERE organization_id = NEW.organization_id AND invoice_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payment_follow_invoice" AFTER UPDATE OF customer_id, location_id, sharing ON "invoice"
  FOR EACH ROW WHEN (
    OLD.customer_id IS DISTINCT FROM NEW.customer_id
    OR OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.sharing IS DISTINCT FROM NEW.sharing
  ) EXECUTE FUNCTION payment_follow_invoice();
