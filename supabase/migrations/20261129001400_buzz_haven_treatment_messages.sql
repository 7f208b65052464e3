-- Buzz Haven: the treatments' bounds say their own messages (buzz_haven.derived_message), so the
-- rows that only restated them go, and their tables explain a refused write with derived words.

select buzz_haven.derive_messages('buzz_haven.treatment_products', 'buzz_haven.hive_treatments');

delete from buzz_haven.constraint_messages where constraint_name in (
  'treatment_products_name_length',
  'treatment_products_active_ingredient_length',
  'treatment_products_withdrawal_days_range',
  'hive_treatments_dose_length',
  'hive_treatments_applied_by_length'
);
