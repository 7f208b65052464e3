-- The words of this area's rules: the messages of its tables' CHECKs and its visitor RPCs'
-- own refusals.
set check_function_bodies = false;

-- The messages of this area's table rules (how they are raised: buzz_haven.constraint_messages).
-- A blank name, address line or city is still "... is required" (buzz_haven.check_required); an
-- order's next status is the update function's own rule.
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.order_items', 'buzz_haven.orders');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- orders
  ('orders_customer_name_not_blank', 'Name is required'),
  ('orders_customer_name_length', 'Name is too long (%s characters at most)'),
  ('orders_customer_phone_length', 'Phone number is too long (%s characters at most)'),
  ('orders_address_line1_length', 'Address is too long (%s characters at most)'),
  ('orders_address_line2_length', 'Address line 2 is too long (%s characters at most)');

-- The words of the visitor RPCs' own refusals, keyed by the rule's name (buzz_haven.check_rule,
-- buzz_haven.refuse, buzz_haven.rule_message; format() fills in each %s); other languages' words
-- are in translations.sql.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('order_payment_known', 'Payment must be card or later'),
  ('order_card_only', 'The shop takes card payments only: please choose Pay now'),
  ('order_address_required', 'A shipping address is required (or choose local pickup)'),
  ('order_us_only', 'We ship within the United States only'),
  ('order_state_format', 'State must be a two-letter US state code'),
  ('order_zip_format', 'ZIP code must be 5 or 9 digits'),
  ('order_cart_empty', 'Your cart is empty'),
  ('order_products_max', 'At most 20 different products per order'),
  ('order_item_product', 'Each item needs a product_id'),
  ('order_unit_price_cents', 'Unit price must be whole cents'),
  ('order_product_unavailable', 'A product in your cart is no longer available; please review your cart'),
  ('order_prices_changed', 'Prices have changed; please review your cart');
