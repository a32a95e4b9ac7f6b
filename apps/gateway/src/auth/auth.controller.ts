import { Body, Controller, Get, HttpCode, HttpException, HttpStatus, Inject, Patch, Post, Redirect, Req, Res, UseGuards } from '@nestjs/common';
import {
  Caller,
  forgotPasswordSchema,
  loginSchema,
  Messages,
  notificationPreferencesSchema,
  registerSchema,
  resetPasswordSchema,
  Rpc,
  User,
} from '@fodmap/contracts';
import { SERVER_CONFIG, ServerConfig } from '@fodmap/server';
import { Request, Response } from 'express';
import { z } from 'zod';
import { ZodBody } from '../http/zod-body.pipe';
import { ServiceClient } from '../services/service-client';
import { LoginAttempts } from './login-attempts';
import { endSession, startSession } from './session';
import { CurrentCaller, SignedInGuard } from './signed-in.guard';

@Controller()
export class AuthController {
  constructor(
    private readonly services: ServiceClient,
    private readonly attempts: LoginAttempts,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Post('auth/local/register')
  async register(@Body(new ZodBody(registerSchema)) input: z.output<typeof registerSchema>, @Req() req: Request): Promise<User> {
    const user = await this.services.send(Rpc.identity.register, { input });
    await startSession(req, callerOf(user));
    return user;
  }

  @Post('auth/local/login')
  @HttpCode(HttpStatus.OK)
  async login(@Body(new ZodBody(loginSchema)) input: z.output<typeof loginSchema>, @Req() req: Request): Promise<User> {
    await this.attempts.assertAllowed(input.email);
    let user: User;
    try {
      user = await this.services.send(Rpc.identity.login, { input });
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.UNAUTHORIZED) await this.attempts.recordFailure(input.email);
      throw error;
    }
    await this.attempts.clear(input.email);
    await startSession(req, callerOf(user));
    return user;
  }

  @Post('auth/local/logout')
  @HttpCode(HttpStatus.OK)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ message: string }> {
    await endSession(req);
    res.clearCookie('fodmap.sid');
    return { message: Messages.loggedOut };
  }

  /** Where the web app sends a person whose session ended (spec §8). */
  @Get('login')
  @Redirect()
  signInPage(): { url: string; statusCode: number } {
    return { url: '/login', statusCode: HttpStatus.FOUND };
  }

  @Get('auth/user')
  @UseGuards(SignedInGuard)
  async currentUser(@CurrentCaller() caller: Caller, @Req() req: Request): Promise<User> {
    try {
      return await this.services.send(Rpc.identity.get, { caller });
    } catch (error) {
      // The account behind this session no longer exists: the session is over.
      if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) {
        await endSession(req);
        throw new HttpException({ message: Messages.unauthorized }, HttpStatus.UNAUTHORIZED);
      }
      throw error;
    }
  }

  @Patch('auth/user/notifications')
  @UseGuards(SignedInGuard)
  updateNotifications(
    @CurrentCaller() caller: Caller,
    @Body(new ZodBody(notificationPreferencesSchema)) input: z.output<typeof notificationPreferencesSchema>,
  ): Promise<User> {
    return this.services.send(Rpc.identity.updateNotifications, { caller, input });
  }

  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  forgotPassword(@Body(new ZodBody(forgotPasswordSchema)) input: z.output<typeof forgotPasswordSchema>): Promise<{ message: string }> {
    // The link is built from our configured address, never from the request's Host header, which a sender controls.
    return this.services.send(Rpc.identity.forgotPassword, { input, resetBaseUrl: this.config.publicUrl });
  }

  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  resetPassword(@Body(new ZodBody(resetPasswordSchema)) input: z.output<typeof resetPasswordSchema>): Promise<{ message: string }> {
    return this.services.send(Rpc.identity.resetPassword, { input });
  }
}

function callerOf(user: User): Caller {
  return { userId: user.id, timeZone: user.timeZone };
}
