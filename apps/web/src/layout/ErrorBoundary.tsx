import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

/** A failing screen shows an error in the page area; the header and navigation stay usable. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert severity="error" sx={{ maxWidth: 720, mx: 'auto', mt: 4 }} action={<Button onClick={() => window.location.reload()}>Reload</Button>}>
        <AlertTitle>Something went wrong on this page</AlertTitle>
        {this.state.error.message}
      </Alert>
    );
  }
}
