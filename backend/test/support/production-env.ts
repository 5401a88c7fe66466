/** A complete production configuration (no real Firebase is reached: the credentials path is never read in these tests). */
export const productionEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://keen:secret@db.example.com:5432/keen',
  ACCESS_TOKEN_SECRET: 'x'.repeat(32),
  GOOGLE_APPLICATION_CREDENTIALS: '/run/secrets/firebase.json',
  FIREBASE_PROJECT_ID: 'keen-prod',
  FIREBASE_WEB_API_KEY: 'web-api-key',
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  SMTP_URL: 'smtp://user:password@smtp.example.com:587',
  MAIL_FROM: 'Keen <shop@example.com>',
  SHOP_URL: 'https://shop.example.com',
  AGE_VERIFICATION: 'declared',
};
