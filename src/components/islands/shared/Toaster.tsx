import ToastArea, { type ToastWords } from './ToastArea.tsx';

/**
 * The page's toast area. English pages hand no `words`: "Close" is the button's, and Radix's own "Notifications
 * ({hotkey})" and "Notification" name the area and a toast; a page in another language hands its own
 * (header-footer.yaml's `toasts`).
 */
export default function Toaster({ words }: { words?: ToastWords | undefined }) {
  return <ToastArea words={words ?? { close: 'Close' }} />;
}
