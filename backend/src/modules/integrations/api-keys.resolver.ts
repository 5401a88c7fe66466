import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import type { ApiKeysService } from './api-keys.service';
import { ApiKey } from './api-key.entity';
import { CreateApiKeyInput, CreatedApiKey } from './api-key.inputs';

type GraphQLContext = GraphQLContextOf<{ apiKeys: ApiKeysService }>;

@Resolver()
export class ApiKeysResolver {
  @Allow({ allow: 'admin person' })
  @Query(() => [ApiKey], { description: 'Admin only: every API key, newest first (revoked ones included)' })
  apiKeys(@Ctx() { caller, services }: GraphQLContext): Promise<ApiKey[]> {
    return services.apiKeys.list(caller);
  }

  @Allow({ allow: 'admin person' })
  @Mutation(() => CreatedApiKey, { description: 'Admin only: a new API key; its secret is in this answer and never again' })
  createApiKey(
    @Arg('input', () => CreateApiKeyInput, { description: 'Its name and scopes' }) input: CreateApiKeyInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<CreatedApiKey> {
    return services.apiKeys.create(caller, input);
  }

  @Allow({ allow: 'admin person' })
  @Mutation(() => ApiKey, { description: 'Admin only: the key is refused from now on, on every process' })
  revokeApiKey(
    @Arg('id', () => ID, { description: 'The key to revoke' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ApiKey> {
    return services.apiKeys.revoke(caller, id);
  }
}
