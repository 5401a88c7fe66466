import { Field, InputType, ObjectType } from 'type-graphql';
import { API_KEY_SCOPES } from '../auth';
import { ApiKey } from './api-key.entity';

@InputType({ description: 'A new API key' })
export class CreateApiKeyInput {
  @Field(() => String, { description: 'What the key is for (1 to 100 characters)' })
  name!: string;

  @Field(() => [String], { description: `At least one of ${API_KEY_SCOPES.join(', ')}` })
  scopes!: string[];
}

@ObjectType({ simpleResolvers: true, description: 'A new key and its secret: the only time the secret is shown' })
export class CreatedApiKey {
  @Field(() => String, { description: 'Send it as Authorization: Bearer <secret>; keep it safe, it is not shown again' })
  secret!: string;

  @Field(() => ApiKey, { description: 'The key as stored (without its secret)' })
  apiKey!: ApiKey;
}
