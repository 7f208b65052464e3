-- Buzz Haven: the indexes the back-office list pages need (issue 29), now that the list RPCs are
-- inlined (20251125001000_buzz_haven_lists_by_page.sql) and the page's ORDER BY and LIMIT reach the
-- tables. The admin's generic provider (admin/src/providers/postgrestQuery.ts orderParam) sends the
-- list's sort field then `id.asc` as a tie-breaker, so each index ends with id in that direction:
-- the page is read in index order and stops after 25 rows. Each comment names the request it serves.
-- tests/sql/plans.test.ts plans every one of these requests on the ten-year data set.

-- Products (ProductList): order=created_at.desc,id.asc
create index products_list_created_idx on buzz_haven.products (created_at desc, id);

-- Events (events resource): order=start_time.asc,id.asc
create index events_list_start_idx on buzz_haven.events (start_time, id);

-- Media (MediaList, MediaPickerDialog): order=created_at.desc,id.asc
create index media_list_created_idx on buzz_haven.media (created_at desc, id);

-- Orders (orders resource): order=created_at.desc,id.asc, and a search (or=number/customer ilike)
-- read in the same order until 25 rows match
create index orders_list_created_idx on buzz_haven.orders (created_at desc, id);
-- Orders with the status filter: status=eq.<s>&order=created_at.desc,id.asc
create index orders_list_status_created_idx on buzz_haven.orders (status, created_at desc, id);

-- An order's lines (order page, Line items): order_id=eq.<id>&order=name.asc,id.asc
create index order_items_list_order_idx on buzz_haven.order_items (order_id, name, id);
drop index buzz_haven.order_items_order_idx; -- its prefix: the new index serves its lookups too

-- An order's history (order page, Status history): order_id=eq.<id>&order=created_at.asc,id.asc
create index order_status_history_list_order_idx on buzz_haven.order_status_history (order_id, created_at, id);
drop index buzz_haven.order_status_history_order_idx; -- its prefix

-- Contact messages (MessageList): order=created_at.desc,id.asc
create index contact_messages_list_created_idx on buzz_haven.contact_messages (created_at desc, id);

-- Newsletter subscribers (SubscriberList): order=created_at.desc,id.asc
create index newsletter_subscribers_list_created_idx on buzz_haven.newsletter_subscribers (created_at desc, id);

-- Inspections (inspections resource): order=inspected_on.desc,id.asc
create index hive_inspections_list_inspected_idx on buzz_haven.hive_inspections (inspected_on desc, id);
-- A hive's inspections (hive page): hive_id=eq.<id>&order=inspected_on.desc,id.asc, and the
-- hive list's latest inspection per hive (buzz_haven_lists.hives)
create index hive_inspections_list_hive_idx on buzz_haven.hive_inspections (hive_id, inspected_on desc, id);
drop index buzz_haven.hive_inspections_hive_id_inspected_on_idx; -- its prefix

-- An event's registrations (RegistrationsPanel): event_id=eq.<id>&order=created_at.asc,id.asc
create index event_registrations_list_event_idx on buzz_haven.event_registrations (event_id, created_at, id);

-- Adoption requests (adoption_requests resource): order=created_at.desc,id.asc, and with the
-- status filter: status=eq.<s>&order=created_at.desc,id.asc
create index adoption_requests_list_created_idx on buzz_haven.adoption_requests (created_at desc, id);
create index adoption_requests_list_status_created_idx on buzz_haven.adoption_requests (status, created_at desc, id);

-- Swarm reports (swarm_reports resource, SwarmReportsCard): order=is_open.desc,created_at.desc,id.asc
create index swarm_reports_list_open_created_idx on buzz_haven.swarm_reports (is_open desc, created_at desc, id);

-- The activity log (RecentActivity): order=id.desc is the primary key read backwards; a record's
-- history (RecordHistory): record_id=eq.<id>&order=id.desc is activity_log_record_idx
-- (20251123000710_buzz_haven_activity_log.sql). Neither needs a new index.
