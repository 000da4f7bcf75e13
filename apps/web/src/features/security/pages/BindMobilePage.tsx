import { BindPage } from './BindPage';

export default function BindMobilePage() {
  return <BindPage kind="mobile" />;
}
