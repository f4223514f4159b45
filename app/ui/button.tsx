import type { ComponentProps } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import { Link } from "react-router";
import { buttonClasses, type ButtonStyle } from "./button-styles";
import { Spinner } from "./spinner";
import { AriaScope } from "./aria-provider";

export type ButtonProps = Omit<AriaButtonProps, "className"> &
  ButtonStyle & {
    className?: string;
  };

/**
 * The accessible button (press events, keyboard, focus ring only for keyboard
 * users). `isPending` shows a spinner, keeps the width and announces it.
 * With `type="submit"` it is a real submit button, so it works without JavaScript.
 */
export function Button({ variant, color, size, fullWidth, className = "", children, ...props }: ButtonProps) {
  return (
    <AriaScope>
      <AriaButton {...props} className={`${buttonClasses({ variant, color, size, fullWidth })} ${className}`}>
        {(renderProps) => (
          <>
            {renderProps.isPending ? <Spinner className="size-4" /> : null}
            {typeof children === "function" ? children(renderProps) : children}
          </>
        )}
      </AriaButton>
    </AriaScope>
  );
}

export type ButtonLinkProps = ComponentProps<typeof Link> & ButtonStyle;

/** A router link that looks like a button (e.g. "Take me there!"). */
export function ButtonLink({ variant, color, size, fullWidth, className = "", ...props }: ButtonLinkProps) {
  return <Link {...props} className={`${buttonClasses({ variant, color, size, fullWidth })} ${className}`} />;
}
