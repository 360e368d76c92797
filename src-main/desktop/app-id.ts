// The app's identity on the desktop: electron-builder.yml's appId, the Windows AppUserModelID
// (without which toasts do not show) and the name of the Linux autostart entry.
export const APP_USER_MODEL_ID = 'uk.co.accountmonitor.desktop';
