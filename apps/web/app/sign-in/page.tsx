import type { Metadata } from 'next'
import { Suspense } from 'react'
import { SignInForm } from './sign-in-form.tsx'

export const metadata: Metadata = { title: 'Sign in · Threadline' }

export default function SignInPage() {
  return (
    <div className="mx-auto mt-12 max-w-sm">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
      <p className="mt-1 text-sm text-slate-500">Operators sign in to the Threadline admin app.</p>
      {/* the form reads ?next= from the URL */}
      <Suspense>
        <SignInForm />
      </Suspense>
    </div>
  )
}
