import { BindPage } from './BindPage';

export default function BindEmailPage() {
  return <BindPage kind="email" />;
}
