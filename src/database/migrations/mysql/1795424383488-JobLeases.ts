import { MigrationInterface, QueryRunner } from 'typeorm';

export class JobLeases1795424383488 implements MigrationInterface {
  name = 'JobLeases1795424383488';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`job_leases\` (\`name\` varchar(100) NOT NULL, \`holder\` varchar(100) NOT NULL, \`expires_at\` datetime NOT NULL, PRIMARY KEY (\`name\`)) ENGINE=InnoDB`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`job_leases\``);
  }
}
