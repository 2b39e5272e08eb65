import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/entities/user.entity';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { JwtStrategy } from './jwt.strategy';
import { LoginService } from './login.service';

/**
 * Signing in: the login routes and the access-token strategy. The accounts, their sessions, the
 * tokens and the sign-in limits belong to UsersModule, which this module imports.
 */
@Module({
  imports: [PassportModule, UsersModule, TypeOrmModule.forFeature([User])],
  controllers: [AuthController],
  providers: [JwtStrategy, LoginService],
})
export class AuthModule {}
