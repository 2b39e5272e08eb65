import { Module } from '@nestjs/common';
import { AgentsController } from './agents/agents.controller';
import { PacksController } from './packs/packs.controller';
import { PacksService } from './packs/packs.service';
import { AdminUsersController } from './users/admin-users.controller';
import { AdminUsersService } from './users/admin-users.service';

/** The back-office API under /api/admin: every route is admin-only. */
@Module({
  controllers: [AgentsController, AdminUsersController, PacksController],
  providers: [AdminUsersService, PacksService],
})
export class AdminModule {}
