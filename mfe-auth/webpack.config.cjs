const { createAppConfig, DEV_PORTS } = require('@portal/build-config');

// mfe-auth exposes React components the shell renders in its own tree (not a single-spa application).
module.exports = createAppConfig({
  dirname: __dirname,
  name: 'mfe_auth',
  port: DEV_PORTS.mfe_auth,
  exposes: {
    './AuthEntry': './src/app/exposes/auth-entry.tsx',
    './LoginDialog': './src/app/exposes/login-dialog.tsx',
    './AgreementDialog': './src/app/exposes/agreement-dialog.tsx',
    './loginDialogStore': './src/app/exposes/login-dialog-store.ts',
    './LoginPage': './src/app/exposes/login-page.tsx',
    './RegisterPage': './src/app/exposes/register-page.tsx',
    './SsoPage': './src/app/exposes/sso-page.tsx',
    './WechatRegisterPage': './src/app/exposes/wechat-register-page.tsx',
    './PersonalCenter': './src/app/exposes/personal-center.tsx',
    './Permission': './src/app/exposes/permission.tsx',
  },
});
