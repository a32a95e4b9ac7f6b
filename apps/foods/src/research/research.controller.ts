import { AiSearchResult, MessageReply, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { ResearchService } from './research.service';

@Controller()
export class ResearchController {
  constructor(private readonly research: ResearchService) {}

  @Handles(Rpc.foods.aiSearch)
  aiSearch({ caller, input }: RpcParsed<typeof Rpc.foods.aiSearch>): Promise<AiSearchResult> {
    return this.research.search(caller.userId, input);
  }

  @Handles(Rpc.foods.aiBackground)
  aiBackground({ caller, input }: RpcParsed<typeof Rpc.foods.aiBackground>): Promise<MessageReply> {
    return this.research.requestBackground(caller, input.query);
  }
}
