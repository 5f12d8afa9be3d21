import ToastArea from './ToastArea.tsx';

/** The toast area of the English pages: ToastArea with its English Close button. */
export default function Toaster() {
  return <ToastArea closeLabel="Close" />;
}
