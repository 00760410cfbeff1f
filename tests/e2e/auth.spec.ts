import { expect, test } from "@playwright/test";
import { ADMIN, type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

test("a visitor registers, lands on /dashboard with the student nav bar, and signs out", async ({ page }) => {
  await page.goto(`${app.url}/login`);
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await page.getByLabel("Full Name").fill("Nila Varma");
  await page.getByLabel("Email Address").fill("nila@example.test");
  await page.getByLabel("Password", { exact: true }).fill("nila-pass-1");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(`${app.url}/dashboard`);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByText("Student Portal")).toBeVisible();
  await expect(nav.getByText("Nila Varma")).toBeVisible();
  // a student is called a Student, not a "user"
  await expect(nav.getByText("Student", { exact: true })).toBeVisible();
  await expect(nav.getByText("user", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${app.url}/`);
  await page.goto(`${app.url}/dashboard`);
  await expect(page).toHaveURL(`${app.url}/login?redirectTo=%2Fdashboard`);
  const row = app.db().prepare("select role, status from users where email = ?").get("nila@example.test");
  expect(row).toEqual({ role: "user", status: "active" });
});

test("a wrong password shows the red box and keeps the e-mail", async ({ page }) => {
  await page.goto(`${app.url}/login`);
  await page.getByLabel("Email Address").fill("student@academy.local");
  await page.getByLabel("Password", { exact: true }).fill("nope");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page.getByLabel("Email Address")).toHaveValue("student@academy.local");
});

test("the admin signs in and lands on /admin with the Admin Panel bar", async ({ page }) => {
  await page.goto(`${app.url}/login`);
  await page.getByLabel("Email Address").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${app.url}/admin`);
  await expect(page.getByRole("navigation", { name: "Main" }).getByText("Admin Panel")).toBeVisible();
  // an admin opening the student dashboard ends on /admin (via /login)
  await page.goto(`${app.url}/dashboard`);
  await expect(page).toHaveURL(`${app.url}/admin`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the demo student signs in with a plain form post", async ({ page }) => {
    await page.goto(`${app.url}/login`);
    await page.getByLabel("Email Address").fill("student@academy.local");
    await page.getByLabel("Password", { exact: true }).fill("student123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${app.url}/dashboard`);
    await expect(page.getByText("Welcome back, Priya Raman")).toBeVisible();
  });

  test("the register toggle is a link", async ({ page }) => {
    await page.goto(`${app.url}/login`);
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(`${app.url}/login?mode=register`);
    await expect(page.getByLabel("Full Name")).toBeVisible();
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  });
});

test("a POST from a foreign origin is refused", async ({ request }) => {
  const res = await request.post(`${app.url}/login`, {
    form: { mode: "login", email: ADMIN.email, password: ADMIN.password },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
});

test("every HTML page carries the security headers", async ({ page }) => {
  const check = async (url: string) => {
    const res = await page.goto(`${app.url}${url}`);
    const headers = res?.headers() ?? {};
    expect(headers["content-security-policy"], url).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], url).toBe("nosniff");
    expect(headers["x-frame-options"], url).toBe("DENY");
    expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
  };
  for (const url of ["/", "/login", "/login?mode=register", "/nowhere"]) await check(url);
  await page.goto(`${app.url}/login`);
  await page.getByLabel("Email Address").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/admin$/);
  for (const url of ["/admin", "/admin/tests", "/admin/users", "/admin/backup", "/admin/exam-types"]) await check(url);
});

test("the session cookie is httpOnly, SameSite=Lax and Secure in production", async ({ request }) => {
  const secure = await startApp({ seedDemo: false, secureCookies: true });
  try {
    const res = await request.post(`${secure.url}/login`, {
      form: { mode: "login", email: ADMIN.email, password: ADMIN.password },
      // on a loopback address the site is judged plain http (browsers accept Secure cookies there)
      headers: { Origin: secure.url },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    const cookie = res.headers()["set-cookie"];
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");
  } finally {
    await secure.stop();
  }
});

test("the production build with its default Secure cookies signs a browser in on http://localhost and 127.0.0.1 (a laptop, a container)", async ({
  browser,
}) => {
  const laptop = await startApp({ seedDemo: true, secureCookies: true });
  try {
    const port = new URL(laptop.url).port;
    for (const host of ["localhost", "127.0.0.1"]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const site = `http://${host}:${port}`;
      await page.goto(`${site}/login`);
      await page.getByLabel("Email Address").fill("student@academy.local");
      await page.getByLabel("Password", { exact: true }).fill("student123");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(`${site}/dashboard`);
      await expect(page.getByText("Forbidden")).toHaveCount(0);
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === "__session")).toMatchObject({ secure: true, httpOnly: true });
      await context.close();
    }
  } finally {
    await laptop.stop();
  }
});

test("the sign-in card's Terms of Service and Privacy Policy are pages the academy can edit", async ({ page }) => {
  await page.goto(`${app.url}/login`);
  await page.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { name: "Terms of Service" })).toBeVisible();
  await expect(page.getByTestId("site-text")).toContainText("Your account.");
  await page.goto(`${app.url}/login`);
  await page.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { name: "Privacy Policy" })).toBeVisible();
  // the academy writes its own
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin`);
  await page.getByRole("link", { name: "Site texts" }).click();
  await page.getByLabel("Terms of Service text").fill("Minerva's own terms.\n\n**Be honest in every test.**");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Terms of Service saved")).toBeVisible();
  await page.goto(`${app.url}/terms`);
  await expect(page.getByTestId("site-text").locator("strong")).toHaveText("Be honest in every test.");
});
