/**
 * Layout at phone, tablet, small-laptop and desktop widths: the signed-in navbar keeps Sign Out on screen
 * (inline from 1024 px, in the menu below), fits one line from 1280 px with the longest name and vehicle and the
 * cart, keeps the cart in the bar at phone width, dashboard tables scroll inside their own box rather than
 * widening the page, and the menu button shows its focus ring when focused from the keyboard.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminAccount, apiAccessToken, ensureAccount, logIn, mainNav, newCustomer } from './support/accounts';

const WIDTHS = [390, 768, 1024, 1440] as const;
/** Tailwind's lg breakpoint: the navbar's links are inline from here, behind the menu button below it. */
const INLINE_NAV_FROM = 1024;

test.describe.configure({ mode: 'serial' });

// One order, so Manage All Orders has a table (its rows are the widest: customer, email, status).
const customer = newCustomer('Wanda Widthwise');

test.beforeAll(async ({ request }) => {
  await ensureAccount(request, customer);
  const token = await apiAccessToken(request, customer);
  const [part] = (await (await request.get('/api/parts?limit=1')).json()) as {
    _id: string;
    minqty: number;
  }[];
  const order = await request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: { productId: part!._id, quantity: part!.minqty, address: '1 Depot Road', email: customer.email },
  });
  expect(order.status(), await order.text()).toBe(201);
});

/** Expects the element to lie fully inside the viewport horizontally. */
async function expectWithinViewport(page: Page, box: { x: number; width: number } | null) {
  const width = page.viewportSize()!.width;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

for (const width of WIDTHS) {
  test(`at ${width} px the signed-in navbar shows Sign Out on screen and dashboard tables scroll in their box`, async ({
    page,
    request,
  }) => {
    await ensureAccount(request, adminAccount);
    await logIn(page, adminAccount);
    await page.setViewportSize({ width, height: 900 });

    for (const path of ['/dashboard/users', '/dashboard/manageorders', '/dashboard/manageproducts']) {
      await page.goto(path);
      const table = page.getByRole('table');
      await expect(table).toBeVisible();
      // The page itself never scrolls sideways; a wide table scrolls inside its bordered box.
      const overflow = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(overflow.scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(overflow.innerWidth);
      const box = await table.evaluate((element) => {
        const scroller = element.parentElement!;
        return {
          overflowX: getComputedStyle(scroller).overflowX,
          right: scroller.getBoundingClientRect().right,
        };
      });
      expect(box.overflowX).toBe('auto');
      expect(box.right).toBeLessThanOrEqual(width);
    }

    const nav = mainNav(page);
    if (width < INLINE_NAV_FROM) {
      await nav.getByRole('button', { name: 'Open main menu' }).click();
      const signOut = page.getByRole('button', { name: 'Sign Out' });
      await expect(signOut).toBeVisible();
      await expectWithinViewport(page, await signOut.boundingBox());
    } else {
      const signOut = nav.getByRole('button', { name: 'Sign Out' });
      await expect(signOut).toBeVisible();
      await expectWithinViewport(page, await signOut.boundingBox());
    }
  });
}

test("at 390 px a customer's My Orders table scrolls in its box, every column reachable", async ({
  page,
}) => {
  await logIn(page, customer);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/dashboard/myorders');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  const sizes = await table.evaluate((element) => {
    const scroller = element.parentElement!;
    return {
      page: document.documentElement.scrollWidth,
      overflowX: getComputedStyle(scroller).overflowX,
      right: scroller.getBoundingClientRect().right,
    };
  });
  expect(sizes.page).toBeLessThanOrEqual(390);
  expect(sizes.overflowX).toBe('auto');
  expect(sizes.right).toBeLessThanOrEqual(390);
  // The last column (Payment: Pay and Cancel) can be scrolled into view and used.
  const pay = page.getByRole('link', { name: /^Pay: / }).first();
  await pay.scrollIntoViewIfNeeded();
  await expect(pay).toBeInViewport();
});

for (const width of [390, 768] as const) {
  test(`at ${width} px the menu's Close button is visible with a focus ring when focused`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const open = mainNav(page).getByRole('button', { name: 'Open main menu' });
    await expect(open).toBeVisible();
    // From the keyboard, as a keyboard user opens it (so :focus-visible applies).
    await open.focus();
    await page.keyboard.press('Enter');
    const close = mainNav(page).getByRole('button', { name: 'Close main menu' });
    await expect(close).toBeFocused();
    await expect(close).toBeVisible();
    await expectWithinViewport(page, await close.boundingBox());
    const ring = await close.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    // The accent (#fbbf24) on the dark bar, not a colour that disappears into it.
    expect(ring.color).toBe('rgb(251, 191, 36)');
  });
}

test('every picture on the home page loads (no broken review avatars)', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'What Our Customers Say!' })).toBeVisible();
  await page.getByRole('heading', { name: 'What Our Customers Say!' }).scrollIntoViewIfNeeded();
  // Lazy pictures load once near the viewport: walk down the page, then wait for the network.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState('networkidle');
  const broken = await page.evaluate(async () => {
    const failed: string[] = [];
    for (const image of Array.from(document.images)) {
      const src = image.currentSrc || image.src;
      // Loaded and empty is broken; a lazy picture not yet loaded (e.g. off-screen in a scrolling row) is
      // fetched to see that it exists.
      if (image.complete && image.naturalWidth === 0) failed.push(src);
      else if (!image.complete) {
        const response = await fetch(src);
        if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) failed.push(src);
      }
    }
    return failed;
  });
  expect(broken).toEqual([]);
});

/** The longest customer name of the seed (its reviewers, apps/server/src/db/seed-data/reviews.ts). */
const LONGEST_NAME = 'Priya Venkataraman';
/**
 * The vehicle list's longest label (of every year's makes and models, GET /api/vehicles/years, makes, models): a
 * garage vehicle the navbar names in full.
 */
const LONGEST_VEHICLE = { year: 1993, make: 'chevrolet', model: 'hearse-limo-commercial-chassis' };
const LONGEST_VEHICLE_LABEL = '1993 Chevrolet Hearse/Limo Commercial Chassis';

test.describe('the signed-in navbar of a customer with the longest name and vehicle and 3 cart lines', () => {
  const buyer = newCustomer(LONGEST_NAME);

  test.beforeAll(async ({ request }) => {
    await ensureAccount(request, buyer);
    const headers = { authorization: `Bearer ${await apiAccessToken(request, buyer)}` };
    const garage = await request.put('/api/garage', {
      headers,
      data: { vehicles: [LONGEST_VEHICLE], active: 0 },
    });
    expect(garage.status(), await garage.text()).toBe(200);
    const parts = (await (await request.get('/api/parts?limit=12')).json()) as {
      _id: string;
      minqty: number;
      packSize: number;
      available: number;
    }[];
    const orderable = parts
      .map((part) => ({ part, quantity: Math.ceil(part.minqty / part.packSize) * part.packSize }))
      .filter(({ part, quantity }) => quantity <= part.available);
    for (const { part, quantity } of orderable.slice(0, 3)) {
      const line = await request.put(`/api/cart/lines/${part._id}`, { headers, data: { quantity } });
      expect(line.status(), await line.text()).toBe(200);
    }
  });

  for (const width of [1280, 1440] as const) {
    test(`at ${width} px it fits one line: links, the full vehicle and name, and Cart (3)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await logIn(page, buyer);
      const nav = mainNav(page);
      const garage = nav.getByRole('button', { name: /^My Garage/ });
      await expect(garage).toContainText(LONGEST_VEHICLE_LABEL);
      const cart = nav.getByRole('link', { name: 'Cart (3)' });
      await expect(cart).toBeVisible();
      expect(await cart.innerText()).toBe('Cart (3)');

      const items = {
        Home: nav.getByRole('link', { name: 'Home', exact: true }),
        'About Us': nav.getByRole('link', { name: 'About Us' }),
        'Contact Us': nav.getByRole('link', { name: 'Contact Us' }),
        'My Portfolio': nav.getByRole('link', { name: 'My Portfolio' }),
        'Cart (3)': cart,
        Dashboard: nav.getByRole('link', { name: 'Dashboard' }),
        vehicle: garage.getByText(LONGEST_VEHICLE_LABEL, { exact: true }),
        name: nav.getByText(LONGEST_NAME, { exact: true }),
        'Sign Out': nav.getByRole('button', { name: 'Sign Out' }),
      };
      const boxes: Record<string, { top: number; bottom: number }> = {};
      for (const [label, item] of Object.entries(items)) {
        await expect(item, label).toBeVisible();
        const sizes = await item.evaluate((element) => {
          const box = element.getBoundingClientRect();
          // The rendered text's lines: one line is less than two font sizes high, whatever the line height.
          const range = document.createRange();
          range.selectNodeContents(element);
          const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
          return {
            top: box.top,
            bottom: box.bottom,
            textHeight: Math.max(...rects.map((rect) => rect.bottom)) - Math.min(...rects.map((r) => r.top)),
            fontSize: parseFloat(getComputedStyle(element).fontSize),
            scrollWidth: element.scrollWidth,
            clientWidth: element.clientWidth,
          };
        });
        // Not cut short with an ellipsis, and its words on one line.
        expect(sizes.scrollWidth, `${label} is truncated at ${width} px`).toBeLessThanOrEqual(
          sizes.clientWidth,
        );
        expect(sizes.textHeight, `${label} wraps at ${width} px`).toBeLessThan(sizes.fontSize * 2);
        boxes[label] = sizes;
      }
      // One row: every item overlaps the same band (the highest bottom is below the lowest top).
      const lowestTop = Math.max(...Object.values(boxes).map((box) => box.top));
      const highestBottom = Math.min(...Object.values(boxes).map((box) => box.bottom));
      expect(lowestTop, JSON.stringify(boxes)).toBeLessThan(highestBottom);
      await expectWithinViewport(page, await items['Sign Out'].boundingBox());
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(overflow).toBeLessThanOrEqual(width);
    });
  }

  test('at 390 px the cart and its count stay in the bar, outside the menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const nav = mainNav(page);
    const cart = nav.getByRole('link', { name: 'Cart (3)' });
    // At this width the navbar folds the name into the menu: the cart in the bar shows the sign-in worked.
    await logIn(page, buyer, cart);
    const menuButton = nav.getByRole('button', { name: 'Open main menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(cart).toBeVisible();
    await expect(cart).toContainText('3');
    await expectWithinViewport(page, await cart.boundingBox());
    await expect(nav.getByRole('button', { name: /^My Garage/ })).toBeVisible();

    // The menu holds the other links, not a second cart.
    await menuButton.click();
    const menu = page.locator(
      `[id="${await nav.getByRole('button', { name: 'Close main menu' }).getAttribute('aria-controls')}"]`,
    );
    await expect(menu.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(menu.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
    await expect(cart).toBeVisible();
    await cart.click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  });
});
