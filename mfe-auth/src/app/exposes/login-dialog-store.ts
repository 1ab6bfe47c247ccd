// Exposed as `mfe_auth/loginDialogStore`: lets the shell or a library remote ask the user to sign in.
export {
  loginDialogStore,
  openLoginDialog,
  openRegisterDialog,
  openForgotPasswordDialog,
  closeLoginDialog,
  selectLoginTab,
  type LoginDialogState,
  type LoginDialogView,
} from '../../features/auth/login-dialog-store';
