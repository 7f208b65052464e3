-- Length bounds on the text columns of the request tables that were bounded only by a pattern or
-- by a foreign key, so that every text column of buzz_haven carries an explicit `char_length`
-- bound (the rule of 20251123000100_buzz_haven_text_bounds.sql, checked by tests/sql/bounds.test.ts).
alter table buzz_haven.orders
  add constraint orders_number_length check (char_length(number) <= 20),
  add constraint orders_state_length check (char_length(state) <= 2),
  add constraint orders_zip_length check (char_length(zip) <= 10);

alter table buzz_haven.order_status_history
  add constraint order_status_history_from_status_length check (char_length(from_status) <= 20),
  add constraint order_status_history_to_status_length check (char_length(to_status) <= 20);

alter table buzz_haven.request_log
  add constraint request_log_action_length check (char_length(action) <= 50);
