import type { Locator, Page } from '@playwright/test';

/**
 * A staff task done as a person does it, counted: each click (a tap), each key, and a choice from a list as two
 * clicks (the list opened, the option chosen). The counts go into the closing notes beside the same task's before.
 */
export function counted(page: Page) {
  const count = { clicks: 0, keys: 0 };
  return {
    count,
    click: async (target: Locator) => {
      count.clicks++;
      await target.click();
    },
    type: async (text: string) => {
      count.keys += text.length;
      await page.keyboard.type(text);
    },
    press: async (key: string) => {
      count.keys++;
      await page.keyboard.press(key);
    },
    choose: async (list: Locator, option: string | { label: string }) => {
      count.clicks += 2;
      await list.selectOption(option);
    },
  };
}

export type Counted = ReturnType<typeof counted>;
