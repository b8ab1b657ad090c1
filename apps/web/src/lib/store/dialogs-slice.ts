import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type AuthStep = 'signIn' | 'signUp' | 'forgotPassword';

/** Open flags of the app's overlays, with the spec's names (§3). Not persisted. */
export type DialogsState = {
  showUpgradeToProDialog: boolean;
  showSubscriptionSuccessDialog: boolean;
  whatsApp: { isOpen: boolean };
  authDialog: { isOpen: boolean; step: AuthStep };
};

const initialState: DialogsState = {
  showUpgradeToProDialog: false,
  showSubscriptionSuccessDialog: false,
  whatsApp: { isOpen: false },
  authDialog: { isOpen: false, step: 'signIn' },
};

export const dialogsSlice = createSlice({
  name: 'dialogs',
  initialState,
  reducers: {
    upgradeToProDialogSet(state, action: PayloadAction<boolean>) {
      state.showUpgradeToProDialog = action.payload;
    },
    subscriptionSuccessDialogSet(state, action: PayloadAction<boolean>) {
      state.showSubscriptionSuccessDialog = action.payload;
    },
    whatsAppDialogSet(state, action: PayloadAction<boolean>) {
      state.whatsApp.isOpen = action.payload;
    },
    /** Opening always starts at the given step (sign-in unless said otherwise). */
    authDialogOpened(state, action: PayloadAction<AuthStep | undefined>) {
      state.authDialog = { isOpen: true, step: action.payload ?? 'signIn' };
    },
    authDialogStepChanged(state, action: PayloadAction<AuthStep>) {
      state.authDialog.step = action.payload;
    },
    authDialogClosed(state) {
      state.authDialog = { isOpen: false, step: 'signIn' };
    },
  },
});

export const {
  upgradeToProDialogSet,
  subscriptionSuccessDialogSet,
  whatsAppDialogSet,
  authDialogOpened,
  authDialogStepChanged,
  authDialogClosed,
} = dialogsSlice.actions;
