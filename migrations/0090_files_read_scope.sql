-- The files:read token scope (decision 036): reading file entries and
-- downloading private files now needs it. Tokens made before it existed could
-- list their owner's file entries with `read`, so every token holding `read`
-- gets files:read too and keeps working; tokens made from now on choose it.
UPDATE `access_tokens`
SET `abilities` = json_insert(`abilities`, '$[#]', 'files:read')
WHERE json_valid(`abilities`)
  AND json_type(`abilities`) = 'array'
  AND EXISTS (SELECT 1 FROM json_each(`access_tokens`.`abilities`) WHERE `value` = 'read')
  AND NOT EXISTS (SELECT 1 FROM json_each(`access_tokens`.`abilities`) WHERE `value` = 'files:read');
