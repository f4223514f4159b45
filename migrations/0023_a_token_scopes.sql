-- Issue 16, finding 4: API tokens carry scopes (docs/decisions/021-security-hardening.md).
-- Tokens made before scopes hold ["*"] ("everything its user may do"), which
-- the code no longer grants. They keep working as they did: every scope a
-- user may put on a new token, i.e. all but `admin`, and `admin` too when the
-- user holds the admin permission (through a role or directly).
UPDATE access_tokens
SET abilities = CASE
  WHEN EXISTS (
    SELECT 1 FROM user_roles ur
    JOIN role_permissions rp ON rp.role_id = ur.role_id
    JOIN permissions p ON p.id = rp.permission_id
    WHERE ur.user_id = access_tokens.user_id AND p.name = 'admin'
  ) OR EXISTS (
    SELECT 1 FROM user_permissions up
    JOIN permissions p ON p.id = up.permission_id
    WHERE up.user_id = access_tokens.user_id AND p.name = 'admin'
  )
  THEN '["read","catalogue:write","lists:write","account","uploads","admin"]'
  ELSE '["read","catalogue:write","lists:write","account","uploads"]'
END
WHERE abilities = '["*"]';
