// Public API of @chat/ui. Styles: import '@chat/ui/styles.css' once in each app entry.
export { cx, type ClassValue } from './lib/cx';
export { identityColor, identityTextColor, initialsOf } from './lib/identity-color';
export { applyTheme, followThemeChanges, readThemeChoice, resolveTheme, saveThemeChoice } from './lib/theme';
export { useThemeChoice } from './lib/use-theme-choice';
export { useDebouncedValue } from './lib/use-debounced-value';
export { UNSAVED_CHANGES_TEXT, useUnsavedChanges } from './lib/use-unsaved-changes';
export { useSearchedPages, type SearchedPages, type SearchedPagesOptions, type ServerPage } from './lib/use-searched-pages';

export { Button, type ButtonProps } from './components/button/button';
export { IconButton, type IconButtonProps } from './components/button/icon-button';
export type { ButtonColorType, ButtonRounded, ButtonSize, ButtonVariant, ButtonWidth } from './components/button/button-styles';
export { Spinner, type SpinnerProps, type SpinnerSize } from './components/spinner/spinner';
export { Avatar, type AvatarProps, type AvatarSize } from './components/avatar/avatar';
export { Logo, PRODUCT_NAME, type LogoProps, type LogoSize } from './components/logo/logo';
export { CardLayout, type CardLayoutProps } from './components/card-layout/card-layout';
export { Modal, type ModalHeight, type ModalMaxWidth, type ModalProps } from './components/modal/modal';
export {
  FullScreenDialog,
  fullScreenDialogButtonClass,
  type FullScreenDialogProps,
} from './components/full-screen-dialog/full-screen-dialog';

export { FormField, type FormFieldProps } from './components/form-field/form-field';
export { Input, type InputProps } from './components/input/input';
export { PasswordInput, type PasswordInputProps } from './components/password-input/password-input';
export { Checkbox, type CheckboxProps } from './components/checkbox/checkbox';
export { Textarea, type TextareaProps } from './components/textarea/textarea';
export { Switch, type SwitchProps } from './components/switch/switch';

export { ToastProvider, type ToastProviderProps, type ToastSwipeDirection } from './components/toast/toast-provider';
export {
  MAX_VISIBLE_TOASTS,
  PRODUCT_TOAST_DURATION,
  dismissToast,
  toast,
  type ToastItem,
  type ToastOptions,
  type ToastType,
} from '@chat/ui/toast-store';
export { useToast } from './components/toast/use-toast';
export { notify } from './lib/notify';
export { uploadAvatar } from './lib/upload-avatar';
export { takePickedImage } from './lib/picked-image';
export { createQueryClient, type QueryErrorToast } from './lib/query-client';
export { saveBlob } from './lib/save-blob';
export { ToastHost } from './components/toast/toast-host';

export { CollapsibleSection, type CollapsibleSectionProps } from './components/collapsible-section/collapsible-section';
export { SearchInput, type SearchInputProps } from './components/search-input/search-input';
export { Tabs, type TabItem, type TabsProps } from './components/tabs/tabs';
export { ActionMenu, type ActionMenuOption, type ActionMenuProps, type MenuOption } from './components/action-menu/action-menu';
export { LongPressMenu, type LongPressMenuProps, type QuickMenuChoice } from './components/long-press-menu/long-press-menu';
export { TopNav, type TopNavLink, type TopNavProps } from './components/top-nav/top-nav';
export { TabBar, badgeText, type TabBarProps } from './components/tab-bar/tab-bar';
export { PageHeader, type PageHeaderProps } from './components/page-header/page-header';
export { VirtualList, type VirtualListProps } from './components/virtual-list/virtual-list';
export { EmptyState, type EmptyStateProps } from './components/empty-state/empty-state';
export { ErrorPanel, type ErrorPanelProps } from './components/error-panel/error-panel';
export { StandaloneRemote, type StandaloneRemoteProps } from './components/standalone-remote/standalone-remote';
export { AuditLogView, type AuditLogViewProps } from './components/audit-log/audit-log-view';
export { describeEntry } from './components/audit-log/describe-entry';
export { DaysSetting, type DaysSettingProps } from './components/audit-log/days-setting';
export { SsoForm } from './components/sso-settings/sso-form';
export {
  SSO_SAVE_ERROR,
  SSO_SAVED,
  WorkspaceSsoSettings,
  type WorkspaceSsoSettingsProps,
} from './components/sso-settings/workspace-sso-settings';
export {
  BackgroundExportCard,
  type BackgroundExportCardProps,
  type BackgroundExportTexts,
} from './components/background-export/background-export-card';
export {
  useBackgroundExport,
  type BackgroundExport,
  type BackgroundExportSource,
  type ExportInfo,
} from './components/background-export/use-background-export';
