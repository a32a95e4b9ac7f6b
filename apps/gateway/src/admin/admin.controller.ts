import { Controller } from '@nestjs/common';
import { AdminUser, adminRoutes, Advertiser, AdvertiserStats, Caller, EmailStats, MessageReply, ParsedBody, ParsedParams, Rpc } from '@fodmap/contracts';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint, RouteBody, RouteParam } from '../http/endpoint';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';

type AdvertiserInput = ParsedBody<typeof adminRoutes.createAdvertiser>;
type AdvertiserId = ParsedParams<typeof adminRoutes.updateAdvertiser>['id'];
type AdminUserInput = ParsedBody<typeof adminRoutes.createAdminUser>;
type AdminUserId = ParsedParams<typeof adminRoutes.updateAdminUser>['id'];

/**
 * Spec §7 Admin. Only active admins get here: main.ts mounts `adminOnly` (401 visitor, 403 non-admin, asked of
 * identity on each request) and `noStore` in front of /api/admin. A PUT sends the whole record, as the forms do.
 */
@Controller()
export class AdminController {
  constructor(private readonly services: ServiceClient) {}

  @Endpoint(adminRoutes.advertisers)
  advertisers(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<Advertiser[]> {
    return this.services.send(Rpc.notifications.listAdvertisers, { caller }, correlationId);
  }

  @Endpoint(adminRoutes.createAdvertiser)
  createAdvertiser(
    @CurrentCaller() caller: Caller,
    @RouteBody(adminRoutes.createAdvertiser) input: AdvertiserInput,
    @CorrelationId() correlationId: string,
  ): Promise<Advertiser> {
    return this.services.send(Rpc.notifications.createAdvertiser, { caller, input }, correlationId);
  }

  @Endpoint(adminRoutes.updateAdvertiser)
  updateAdvertiser(
    @CurrentCaller() caller: Caller,
    @RouteParam(adminRoutes.updateAdvertiser, 'id') advertiserId: AdvertiserId,
    @RouteBody(adminRoutes.updateAdvertiser) input: AdvertiserInput,
    @CorrelationId() correlationId: string,
  ): Promise<Advertiser> {
    return this.services.send(Rpc.notifications.updateAdvertiser, { caller, advertiserId, input }, correlationId);
  }

  /** The advertiser's past sends and clicks stay in the statistics. */
  @Endpoint(adminRoutes.deleteAdvertiser)
  deleteAdvertiser(
    @CurrentCaller() caller: Caller,
    @RouteParam(adminRoutes.deleteAdvertiser, 'id') advertiserId: AdvertiserId,
    @CorrelationId() correlationId: string,
  ): Promise<MessageReply> {
    return this.services.send(Rpc.notifications.deleteAdvertiser, { caller, advertiserId }, correlationId);
  }

  @Endpoint(adminRoutes.adminUsers)
  adminUsers(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<AdminUser[]> {
    return this.services.send(Rpc.identity.listAdminUsers, { caller }, correlationId);
  }

  @Endpoint(adminRoutes.createAdminUser)
  createAdminUser(
    @CurrentCaller() caller: Caller,
    @RouteBody(adminRoutes.createAdminUser) input: AdminUserInput,
    @CorrelationId() correlationId: string,
  ): Promise<AdminUser> {
    return this.services.send(Rpc.identity.createAdminUser, { caller, input }, correlationId);
  }

  @Endpoint(adminRoutes.updateAdminUser)
  updateAdminUser(
    @CurrentCaller() caller: Caller,
    @RouteParam(adminRoutes.updateAdminUser, 'id') adminUserId: AdminUserId,
    @RouteBody(adminRoutes.updateAdminUser) input: AdminUserInput,
    @CorrelationId() correlationId: string,
  ): Promise<AdminUser> {
    return this.services.send(Rpc.identity.updateAdminUser, { caller, adminUserId, input }, correlationId);
  }

  /** 409 for the caller's own entry: nobody removes the last way in by accident. */
  @Endpoint(adminRoutes.deleteAdminUser)
  deleteAdminUser(
    @CurrentCaller() caller: Caller,
    @RouteParam(adminRoutes.deleteAdminUser, 'id') adminUserId: AdminUserId,
    @CorrelationId() correlationId: string,
  ): Promise<MessageReply> {
    return this.services.send(Rpc.identity.deleteAdminUser, { caller, adminUserId }, correlationId);
  }

  @Endpoint(adminRoutes.emailStats)
  emailStats(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<EmailStats> {
    return this.services.send(Rpc.notifications.emailStats, { caller }, correlationId);
  }

  @Endpoint(adminRoutes.advertiserStats)
  advertiserStats(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<AdvertiserStats[]> {
    return this.services.send(Rpc.notifications.advertiserStats, { caller }, correlationId);
  }
}
