import VerifyEmailPrompt from '../../components/emailVerification/VerifyEmailPrompt';
import { useEmailVerification } from '../../components/emailVerification/useEmailVerification';

/**
 * Tells a customer whose address the server has not seen verified that their order e-mails wait
 * for it. The server is asked on each visit, and Firebase once more when it says no: the link may
 * have been followed since this session's token was issued.
 */
export default function VerifyEmailNotice() {
  const verification = useEmailVerification({ recheckOnShow: true });
  if (!verification.unverified) return null;
  return <VerifyEmailPrompt verification={verification} title="Verify your e-mail address to receive order e-mails" sx={{ mb: 2 }} />;
}
