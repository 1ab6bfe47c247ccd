-- Hosts a sign-in may redirect to with the session's tokens in the query (docs/accounts-frontend.md):
-- comma-separated; `*.example.com` also matches the sub-domains. Empty: tokens never leave the portal.
INSERT INTO dict_data (dict_type, label, value, sort, remark) VALUES
    ('system_config', 'redirect_allow_hosts', '', 3, '登录后可携带令牌跳转的主机（逗号分隔，*.example.com 含子域名）');
