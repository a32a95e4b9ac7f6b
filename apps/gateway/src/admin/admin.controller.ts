import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  AdminUser,
  adminUserIdSchema,
  adminUserInputSchema,
  Advertiser,
  advertiserIdSchema,
  advertiserInputSchema,
  AdvertiserStats,
  Caller,
  EmailStats,
  MessageReply,
  Rpc,
} from '@fodmap/contracts';
import { z } from 'zod';
import { CurrentCaller } from '../auth/signed-in.guard';
import { CorrelationId } from '../http/request-id';
import { ZodBody } from '../http/zod-body.pipe';
import { ServiceClient } from '../services/service-client';

type AdvertiserInput = z.output<typeof advertiserInputSchema>;
type AdminUserInput = z.output<typeof adminUserInputSchema>;

/**
 * Spec §7 Admin. Only active admins get here: main.ts mounts `adminOnly` (401 visitor, 403 non-admin, asked of
 * identity on each request) and `noStore` in front of /api/admin. A PUT sends the whole record, as the forms do.
 */
@Controller('admin')
export class AdminController {
  constructor(private readonly services: ServiceClient) {}

  @Get('advertisers')
  advertisers(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<Advertiser[]> {
    return this.services.send(Rpc.notifications.listAdvertisers, { caller }, correlationId);
  }

  @Post('advertisers')
  createAdvertiser(
    @CurrentCaller() caller: Caller,
    @Body(new ZodBody(advertiserInputSchema)) input: AdvertiserInput,
    @CorrelationId() correlationId: string,
  ): Promise<Advertiser> {
    return this.services.send(Rpc.notifications.createAdvertiser, { caller, input }, correlationId);
  }

  @Put('advertisers/:id')
  updateAdvertiser(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodBody(advertiserIdSchema)) advertiserId: number,
    @Body(new ZodBody(advertiserInputSchema)) input: AdvertiserInput,
    @CorrelationId() correlationId: string,
  ): Promise<Advertiser> {
    return this.services.send(Rpc.notifications.updateAdvertiser, { caller, advertiserId, input }, correlationId);
  }

  /** The advertiser's past sends and clicks stay in the statistics. */
  @Delete('advertisers/:id')
  deleteAdvertiser(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodBody(advertiserIdSchema)) advertiserId: number,
    @CorrelationId() correlationId: string,
  ): Promise<MessageReply> {
    return this.services.send(Rpc.notifications.deleteAdvertiser, { caller, advertiserId }, correlationId);
  }

  @Get('admin-users')
  adminUsers(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<AdminUser[]> {
    return this.services.send(Rpc.identity.listAdminUsers, { caller }, correlationId);
  }

  @Post('admin-users')
  createAdminUser(
    @CurrentCaller() caller: Caller,
    @Body(new ZodBody(adminUserInputSchema)) input: AdminUserInput,
    @CorrelationId() correlationId: string,
  ): Promise<AdminUser> {
    return this.services.send(Rpc.identity.createAdminUser, { caller, input }, correlationId);
  }

  @Put('admin-users/:id')
  updateAdminUser(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodBody(adminUserIdSchema)) adminUserId: number,
    @Body(new ZodBody(adminUserInputSchema)) input: AdminUserInput,
    @CorrelationId() correlationId: string,
  ): Promise<AdminUser> {
    return this.services.send(Rpc.identity.updateAdminUser, { caller, adminUserId, input }, correlationId);
  }

  /** 409 for the caller's own entry: nobody removes the last way in by accident. */
  @Delete('admin-users/:id')
  deleteAdminUser(
    @CurrentCaller() caller: Caller,
    @Param('id', new ZodBody(adminUserIdSchema)) adminUserId: number,
    @CorrelationId() correlationId: string,
  ): Promise<MessageReply> {
    return this.services.send(Rpc.identity.deleteAdminUser, { caller, adminUserId }, correlationId);
  }

  @Get('email-stats')
  emailStats(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<EmailStats> {
    return this.services.send(Rpc.notifications.emailStats, { caller }, correlationId);
  }

  @Get('advertiser-stats')
  advertiserStats(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<AdvertiserStats[]> {
    return this.services.send(Rpc.notifications.advertiserStats, { caller }, correlationId);
  }
}
