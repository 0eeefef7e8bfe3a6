import { Footer, Layout, Navbar } from "nextra-theme-docs";
import { Head } from "nextra/components";
import { getPageMap } from "nextra/page-map";
import "nextra-theme-docs/style.css";

export const metadata = { title: "Hands" };

export default async function RootLayout({ children }) {
  return (
    <html lang="en" dir="ltr" suppressHydrationWarning>
      <Head />
      <body>
        <Layout navbar={<Navbar logo={<b>Hands</b>} />} footer={<Footer>tiles</Footer>}
                pageMap={await getPageMap()}>
          {children}
        </Layout>
      </body>
    </html>
  );
}
