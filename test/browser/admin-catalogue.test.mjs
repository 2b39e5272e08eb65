import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { signedInPage, startAdminServer } from './admin-support.mjs';

let ctx;
before(async () => {
  ctx = await startAdminServer();
});
after(() => ctx?.close());

const saveButton = (page) => page.getByRole('button', { name: /^(Save|Saving\.\.\.)$/ });

test("at 1280 px the packs list fits its page: every row's actions in view, descriptions of two lines at most", async () => {
  const page = await signedInPage(ctx, 1280);
  await page.goto(`${ctx.server.baseUrl}/admin/travel-packs`);
  await page.locator('tbody tr').first().waitFor();
  const overflow = await page
    .locator('.RaDatagrid-tableWrapper')
    .evaluate((wrapper) => wrapper.scrollWidth - wrapper.clientWidth);
  assert.ok(overflow <= 0, `the table is ${overflow} px wider than its place`);
  const rows = await page.locator('tbody tr').count();
  assert.ok(rows > 1, 'the demo catalogue lists its packs');
  for (const remove of await page.getByRole('button', { name: /^Delete pack \d+$/ }).all()) {
    const box = await remove.boundingBox();
    assert.ok(box && box.x + box.width <= 1280, 'every delete button is inside the window');
  }
  // Each description cell shows at most two lines of text (its line height, twice, and a little).
  const tallest = await page.locator('tbody tr').evaluateAll((trs) =>
    Math.max(
      ...trs.map((tr) => {
        // Columns: selection, id, name, description (its text in the cell's one child).
        const cell = tr.querySelector('td:nth-child(4) > *');
        const lineHeight = parseFloat(cell.ownerDocument.defaultView.getComputedStyle(cell).lineHeight) || 20;
        return cell.getBoundingClientRect().height / lineHeight;
      }),
    ),
  );
  assert.ok(tallest <= 2.2, `a description takes ${tallest.toFixed(1)} lines`);
  await page.close();
});

test('bulk delete of two packs names them, asks, and deletes both in one call', async () => {
  const page = await signedInPage(ctx);
  const before = await ctx.count('packs');
  await page.goto(`${ctx.server.baseUrl}/admin/travel-packs`);
  const rows = page.locator('tbody tr');
  await rows.first().waitFor();
  const ids = [
    await rows.nth(0).locator('td').nth(1).textContent(),
    await rows.nth(1).locator('td').nth(1).textContent(),
  ];
  const names = [
    await rows.nth(0).locator('td').nth(2).textContent(),
    await rows.nth(1).locator('td').nth(2).textContent(),
  ];
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  const bulkCalls = [];
  page.on('request', (req) => req.url().includes('/bulk-delete') && bulkCalls.push(req.postDataJSON()));
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Delete 2 packs').waitFor();
  for (const name of names) await dialog.getByText(name, { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await page
    .getByTestId('count-footer')
    .filter({ hasText: new RegExp(`^Packs count: ${before - 2}$`) })
    .waitFor();
  assert.equal(await ctx.count('packs'), before - 2);
  assert.deepEqual(bulkCalls, [{ pack_ids: ids.map(Number) }]);
  await page.close();
});

test('creating and editing a pack shows the validation error first, then saves', async () => {
  const page = await signedInPage(ctx);
  await page.goto(`${ctx.server.baseUrl}/admin/travel-packs/create`);
  await page.locator('[name="name"]').fill('Fin de semana en Orlando');
  await page.locator('[name="description"]').fill('Tres noches cerca de los parques.');
  await page.getByRole('combobox', { name: 'Destination' }).click();
  await page.getByRole('option', { name: 'Orlando' }).click();
  await page.locator('[name="price"]').fill('900.509');
  assert.equal(await page.locator('[name="price"]').inputValue(), '900.50');
  await page.locator('[name="discount_price"]').fill('950');
  await page.locator('[name="available_from"]').fill('2030-01-10');
  await page.locator('[name="available_to"]').fill('2030-02-10');
  await page.getByRole('combobox', { name: 'Amenities' }).fill('Piscina');
  await page.getByRole('combobox', { name: 'Amenities' }).press('Enter');
  await saveButton(page).click();
  await page.getByText('Discount price must be less than price').waitFor();
  assert.equal(await ctx.count('packs', { q: 'Fin de semana en Orlando' }), 0);

  await page.locator('[name="discount_price"]').fill('799.99');
  await saveButton(page).click();
  await page.waitForURL(/\/admin\/travel-packs$/);
  const [created] = (await ctx.api('GET', `packs?filter=${encodeURIComponent('{"q":"Fin de semana en Orlando"}')}`))
    .body;
  assert.equal(created.price, 900.5);
  assert.equal(created.discount_price, 799.99);
  assert.deepEqual(created.amenities, ['Piscina']);
  assert.equal(created.destination.name, 'Orlando');

  await page.goto(`${ctx.server.baseUrl}/admin/travel-packs/${created.id}`);
  await page.locator('[name="available_to"]').fill('2030-01-01');
  await saveButton(page).click();
  await page.getByText('Available to date must be after available from date').waitFor();
  await page.locator('[name="available_to"]').fill('2030-03-01');
  await page.locator('[name="name"]').fill('Fin de semana largo en Orlando');
  await saveButton(page).click();
  await page.waitForURL(/\/admin\/travel-packs$/);
  const updated = (await ctx.api('GET', `packs/${created.id}`)).body;
  assert.equal(updated.name, 'Fin de semana largo en Orlando');
  assert.equal(updated.available_to, '2030-03-01');
  await page.close();
});

test('a destination created with a main image from a file is on the public site', async () => {
  const file = join(ctx.server.dir, 'beach.png');
  writeFileSync(
    file,
    await sharp({ create: { width: 1900, height: 900, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer(),
  );
  const notImage = join(ctx.server.dir, 'notes.txt');
  writeFileSync(notImage, 'not an image');
  const page = await signedInPage(ctx);
  await page.goto(`${ctx.server.baseUrl}/admin/destinations/create`);
  await page.locator('[name="name"]').fill('Tulum');
  await page.locator('[name="location"]').fill('Quintana Roo, México');
  await page.locator('[name="description"]').fill('Ruinas mayas frente al mar.');
  const fileInputs = page.locator('input[type="file"]');
  await fileInputs.nth(1).setInputFiles(notImage);
  await saveButton(page).click();
  await page.getByText('Gallery image 1 has invalid format. Allowed formats: JPG, PNG, WEBP.').waitFor();
  await page.getByText('Main image is required').waitFor();
  await page.locator('.RaFileInputPreview-removeButton').first().click();
  await fileInputs.nth(0).setInputFiles(file);
  await page.locator('img[title="beach.png"]').waitFor();
  await saveButton(page).click();
  await page.waitForURL(/\/admin\/destinations$/);
  await page.getByRole('cell', { name: 'Tulum', exact: true }).waitFor();

  const list = await (await fetch(`${ctx.server.baseUrl}/api/destinations/`)).json();
  const tulum = list.find((d) => d.name === 'Tulum');
  assert.ok(tulum, 'the public catalogue lists the new destination');
  const detail = await (await fetch(`${ctx.server.baseUrl}/api/destinations/${tulum.id}/`)).json();
  assert.ok(detail.main_image);
  const image = await fetch(new URL(detail.main_image, ctx.server.baseUrl));
  assert.equal(image.status, 200);
  assert.match(image.headers.get('content-type'), /^image\//);
  await page.close();
});

test('things to do: added up to the limit of 6, then Add New is disabled; deleting asks first', async () => {
  const destinations = (await ctx.api('GET', 'destinations')).body;
  const target = destinations.find((d) => d.things_to_do_count < 6);
  const page = await signedInPage(ctx);
  await page.goto(`${ctx.server.baseUrl}/admin/destinations`);
  await page.getByRole('button', { name: `Manage things to do of ${target.name}` }).click();
  const dialog = page.getByRole('dialog');
  let count = target.things_to_do_count;
  await dialog.getByText(`Added things to do: ${count} of 6`).waitFor();
  await dialog.getByRole('button', { name: 'Add New' }).click();
  await dialog.getByRole('button', { name: 'Save activity' }).click();
  await dialog.getByText('Title is required').waitFor();
  while (count < 6) {
    if (!(await dialog.getByLabel('Title').isVisible())) await dialog.getByRole('button', { name: 'Add New' }).click();
    await dialog.getByLabel('Title').fill(`Actividad ${count + 1}`);
    await dialog.getByLabel('Description').fill('Una tarde diferente.');
    await dialog.getByRole('button', { name: 'Save activity' }).click();
    count += 1;
    await dialog.getByText(`Added things to do: ${count} of 6`).waitFor();
  }
  assert.equal(await dialog.getByRole('button', { name: 'Add New' }).isDisabled(), true);
  assert.equal((await ctx.api('GET', `destinations/${target.id}/things-to-do`)).body.length, 6);

  await dialog.getByRole('button', { name: 'Delete Actividad 6' }).click();
  await page.getByRole('dialog', { name: 'Delete thing to do' }).getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByText('Added things to do: 5 of 6').waitFor();
  assert.equal(await dialog.getByRole('button', { name: 'Add New' }).isDisabled(), false);
  assert.equal((await ctx.api('GET', `destinations/${target.id}/things-to-do`)).body.length, 5);
  await page.close();
});
